import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { CSSProperties } from 'react';
import { DemoRibbon } from '../components/demo-ribbon';
import { NotFoundPage } from '../components/not-found-page';
import { UpdatePrompt } from '../components/update-prompt';
import { Toaster } from '../components/ui/toast';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  const { auth } = Route.useRouteContext();
  const demo = auth.mode === 'demo';
  return (
    <div style={{ '--ribbon-height': demo ? '1.5rem' : '0px' } as CSSProperties} className="pt-(--ribbon-height)">
      {demo && <DemoRibbon />}
      <Outlet />
      <Toaster />
      <UpdatePrompt />
    </div>
  );
}

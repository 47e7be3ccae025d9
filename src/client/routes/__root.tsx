import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense, type CSSProperties } from 'react';
import { DemoRibbon } from '../components/demo-ribbon';
import { NotFoundPage } from '../components/not-found-page';
import { Toaster } from '../components/ui/toast';
import type { RouterContext } from '../router';

// The service worker's update offer is not needed to draw the first screen: it loads afterwards.
const UpdatePrompt = lazy(() => import('../components/update-prompt').then((module) => ({ default: module.UpdatePrompt })));

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
      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
    </div>
  );
}

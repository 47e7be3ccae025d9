import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
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
  return (
    <>
      {auth.mode === 'demo' && <DemoRibbon />}
      <Outlet />
      <Toaster />
      <UpdatePrompt />
    </>
  );
}

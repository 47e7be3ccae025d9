import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../components/not-found-page';
import { PageFrame } from '../components/page-frame';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  const { auth } = Route.useRouteContext();
  return (
    <PageFrame demo={auth.mode === 'demo'}>
      <Outlet />
    </PageFrame>
  );
}

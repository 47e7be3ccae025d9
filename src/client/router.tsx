// The router, with the query client and auth provider in its typed context.
import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { RouteErrorPage } from './components/route-error-page';
import { RoutePending } from './components/route-pending';
import type { AuthProvider } from './lib/auth/auth-provider';
import { routeTree } from './routeTree.gen';

export type RouterContext = { queryClient: QueryClient; auth: AuthProvider };

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // Route loaders read through the query cache, which decides freshness itself.
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteErrorPage,
    defaultPendingComponent: RoutePending,
    // Shown only when a screen waits longer than a moment, and then long enough not to flicker.
    defaultPendingMs: 400,
    defaultPendingMinMs: 300,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation merges interfaces only
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

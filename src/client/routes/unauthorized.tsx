import { createFileRoute } from '@tanstack/react-router';
import { UnauthorizedPage } from '../features/auth/components/unauthorized-page';

/** Shown when sign-in worked but the user is not registered here; no auth check on this page. */
export const Route = createFileRoute('/unauthorized')({
  component: UnauthorizedPage,
});

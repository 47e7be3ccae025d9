import { createFileRoute } from '@tanstack/react-router';
import { AppShell } from '../features/shell/components/app-shell';
import { loadSignedInSession } from '../lib/route-guards';

/** The authenticated layout: every screen but /, /login and /unauthorized sits inside it. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context, location }) => loadSignedInSession(context, location),
  component: AppShell,
});

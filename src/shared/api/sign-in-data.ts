// What the server writes into /login's page (src/server/lib/sign-in-page.ts) so that the sign-in screen
// needs no API call before it is complete: the answers of GET /auth/config and, in demo mode, of
// GET /auth/demo-users, as those endpoints would give them.
import type { DemoUser } from './auth';
import type { AuthConfig } from './auth-config';

/** The id of the page's <script type="application/json"> that carries it. */
export const SIGN_IN_DATA_ID = 'sign-in-data';

export type SignInData = { config: AuthConfig; demoUsers?: DemoUser[] };

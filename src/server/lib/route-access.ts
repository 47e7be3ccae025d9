// What each /api route requires of its caller. Every route must declare one: the app refuses to start
// with a route that does not, so a new route cannot ship without a guard.
import type { ActionOf, Feature, PermissionKey } from '../../shared/permissions';

export type RouteAccess =
  /** Anyone, signed in or not (health, sign-in). */
  | { kind: 'public' }
  /** A valid token of an active user; no market needed. */
  | { kind: 'signed-in' }
  /** A role in the market of the Otc-Market header. */
  | { kind: 'market' }
  /** A role in that market whose grants include the feature-action. */
  | ({ kind: 'permission' } & PermissionKey);

export const publicAccess: RouteAccess = { kind: 'public' };
export const signedIn: RouteAccess = { kind: 'signed-in' };
export const anyMarketRole: RouteAccess = { kind: 'market' };
export function requirePermission<F extends Feature>(feature: F, action: ActionOf<F>): RouteAccess {
  return { kind: 'permission', feature, action } as RouteAccess;
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation merges interfaces only
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

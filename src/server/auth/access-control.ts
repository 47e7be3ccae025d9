// Enforces each route's access rule before anything else runs: who the caller is (401), which market
// they work in (Otc-Market, default MN) and whether their role there grants the route's feature-action (403).
// Activation is per market: an account deactivated in every market it belongs to is refused everywhere
// (401, which signs the client out), signed-in routes included; one deactivated in some markets only is
// refused in those (403, after which the client reloads its session, which no longer offers them).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EndpointAccess } from '../../shared/api/endpoint';
import { marketCodeSchema } from '../../shared/api/enum-schemas';
import { MARKET_HEADER, UNKNOWN_AZURE_USER } from '../../shared/api/protocol';
import { DEFAULT_MARKET_CODE, MARKET_CODES, type MarketCode, type Role, type SeedToSaleSystem } from '../../shared/enums';
import { hasPermission, type PermissionMap } from '../../shared/permissions';
import { forbidden, invalidField, unauthorized } from '../lib/errors';
import { isDeactivatedEverywhere, type UserMarketRole } from '../modules/users/users.repository';
import type { CallerCache } from './caller-cache';
import type { TokenVerifier } from './token-verifier';

export type AuthenticatedUser = {
  id: string;
  azureUserId: string;
  name: string;
  email: string;
  /** The markets the caller works in: memberships where they are deactivated are left out. */
  roles: UserMarketRole[];
};

export type MarketScope = {
  id: number;
  code: MarketCode;
  name: string;
  seedToSaleSystem: SeedToSaleSystem;
  role: Role;
  permissions: PermissionMap;
};

type CataloguedRoute = { method: string; url: string; access: EndpointAccess };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation merges interfaces only
  interface FastifyRequest {
    caller?: AuthenticatedUser;
    market?: MarketScope;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation merges interfaces only
  interface FastifyContextConfig {
    access?: EndpointAccess;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation merges interfaces only
  interface FastifyInstance {
    /** Every /api route with its access rule, for the permission-matrix test and the docs. */
    routeCatalogue: CataloguedRoute[];
  }
}

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header) throw unauthorized('Sign in to continue: the request has no Authorization header.');
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw unauthorized('The Authorization header must be "Bearer <token>".');
  return match[1];
}

function requestedMarketCode(request: FastifyRequest): MarketCode {
  const raw = request.headers[MARKET_HEADER];
  if (raw === undefined || raw === '') return DEFAULT_MARKET_CODE;
  const parsed = marketCodeSchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) throw invalidField('Otc-Market', `header must be one of ${MARKET_CODES.join(', ')}`);
  return parsed.data;
}

/** Body or query may repeat the market code; it must name the same market as the header. */
function checkMarketCodeAgrees(request: FastifyRequest, market: MarketCode): void {
  for (const source of [request.body, request.query]) {
    if (!source || typeof source !== 'object') continue;
    for (const key of ['marketCode', 'market_code']) {
      const value = (source as Record<string, unknown>)[key];
      if (typeof value === 'string' && value !== '' && value.toUpperCase() !== market) {
        throw invalidField(key, `must match the Otc-Market header (${market})`);
      }
    }
  }
}

export function registerAccessControl(app: FastifyInstance, deps: { callers: CallerCache; verifier: TokenVerifier }): void {
  const catalogue: CataloguedRoute[] = [];
  app.decorate('routeCatalogue', catalogue);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    // Only declared endpoints (src/shared/api, registered with lib/endpoint-route) may be served, so no route
    // ships without its access rule, its schemas and its place in the client's contract.
    const access = route.config?.endpoint?.access;
    if (!access) throw new Error(`${String(route.method)} ${route.url} is not registered from an endpoint declaration: use route() of lib/endpoint-route`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') catalogue.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access.kind === 'public') return;

    const identity = await deps.verifier.verify(bearerToken(request));
    const code = access.kind === 'signed-in' ? null : requestedMarketCode(request);
    const user = await deps.callers.get(identity.azureUserId, code);
    if (!user) throw unauthorized('Your account is not registered for this application.', [{ message: UNKNOWN_AZURE_USER }]);
    if (isDeactivatedEverywhere(user.roles)) throw unauthorized('Your account has been deactivated. Contact your Market Admin.');
    const activeRoles = user.roles.filter((role) => role.isActive);
    request.caller = { id: user.id, azureUserId: user.azureUserId, name: user.name, email: user.email, roles: activeRoles };
    if (code === null) return;

    const membership = user.roles.find((role) => role.code === code);
    if (!membership) throw forbidden(`You have no role in market ${code}. Switch to one of your markets.`);
    if (!membership.isActive) {
      throw forbidden(`Your account has been deactivated in ${membership.name}. Contact its Market Admin, or switch to one of your other markets.`);
    }
    const permissions = user.permissions ?? {};
    request.market = {
      id: membership.marketId,
      code,
      name: membership.name,
      seedToSaleSystem: membership.seedToSaleSystem,
      role: membership.role,
      permissions,
    };
    if (access.kind === 'permission' && !hasPermission(permissions, access.feature, access.action)) {
      throw forbidden(`Your role (${membership.role}) in ${code} may not do this: it needs ${access.feature} ${access.action}.`);
    }
  });

  app.addHook('preHandler', async (request) => {
    if (request.market) checkMarketCodeAgrees(request, request.market.code);
  });
}

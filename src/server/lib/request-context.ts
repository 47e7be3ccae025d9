// The one object a request's handler passes to services: who calls, in which market, and the request id
// that the audit log and the server's log lines share. Built once per request from what access control
// established, so a service never reads the request itself.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { EndpointAccess } from '../../shared/api/endpoint';
import type { AuthenticatedUser, MarketScope } from '../auth/access-control';

/** What services log through: the request's logger, so each line carries the request id. */
type ContextLogger = Pick<FastifyBaseLogger, 'error' | 'warn' | 'info' | 'debug'>;

type PublicContext = { requestId: string; log: ContextLogger };
type SignedInContext = PublicContext & { caller: AuthenticatedUser };
export type RequestContext = SignedInContext & { market: MarketScope };

/** The context a handler of an endpoint with this access rule gets. */
export type ContextFor<A extends EndpointAccess> = A extends { kind: 'public' }
  ? PublicContext
  : A extends { kind: 'signed-in' }
    ? SignedInContext
    : RequestContext;

export function contextOf<A extends EndpointAccess>(request: FastifyRequest, access: A): ContextFor<A> {
  const base: PublicContext = { requestId: String(request.id), log: request.log };
  if (access.kind === 'public') return base as ContextFor<A>;
  if (!request.caller) throw new Error(`${request.method} ${request.url}: access control set no caller`);
  if (access.kind === 'signed-in') return { ...base, caller: request.caller } as ContextFor<A>;
  if (!request.market) throw new Error(`${request.method} ${request.url}: access control set no market`);
  return { ...base, caller: request.caller, market: request.market } as ContextFor<A>;
}

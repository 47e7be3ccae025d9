// Registers a route from its declaration in src/shared/api: the path, access rule, schemas, documented
// refusals and OpenAPI names all come from the one object the client calls through. A module's routes file
// only adds the handler, and each handler gets the parsed request and its context instead of the request.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { errorBodySchema } from '../../shared/api/common';
import type { Endpoint, EndpointReply, EndpointRequest, ErrorStatus } from '../../shared/api/endpoint';
import { contextOf, type ContextFor } from './request-context';

export type RouteSettings = {
  /** A larger body than the server's default (uploads). */
  bodyLimit?: number;
  /** Per client address, for routes anyone may call (sign-in). */
  rateLimit?: { max: number; timeWindow: string };
};

type HandlerInput<E extends Endpoint> = EndpointRequest<E> & {
  ctx: ContextFor<E['access']>;
  headers: FastifyRequest['headers'];
};

export type EndpointHandler<E extends Endpoint> = (input: HandlerInput<E>, reply: FastifyReply) => Promise<EndpointReply<E> | FastifyReply>;

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation merges interfaces only
  interface FastifyContextConfig {
    /** The declaration the route was registered from; access control reads its rule. */
    endpoint?: Endpoint;
  }
}

/** `/order/{id}/details` as Fastify writes it: `/order/:id/details`. */
function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Every refusal the endpoint can answer, for the OpenAPI document: its own and those of its kind. */
function errorStatusesOf(endpoint: Endpoint, settings: RouteSettings = {}): number[] {
  const statuses = new Set<number>([400, ...(endpoint.errors ?? [])]);
  if (endpoint.access.kind !== 'public') {
    statuses.add(401);
    statuses.add(403);
  }
  if (endpoint.params) statuses.add(404);
  if (settings.rateLimit) statuses.add(429);
  for (const status of Object.keys(endpoint.responses)) statuses.delete(Number(status));
  return [...statuses].sort((a, b) => a - b);
}

function successStatusOf(endpoint: Endpoint): number {
  const success = Object.keys(endpoint.responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300);
  return Math.min(...success);
}

export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>, settings: RouteSettings = {}): void {
  const errors = Object.fromEntries(errorStatusesOf(endpoint, settings).map((status) => [status as ErrorStatus, errorBodySchema]));
  const status = successStatusOf(endpoint);
  const options: RouteOptions = {
    method: endpoint.method,
    url: fastifyPath(endpoint.path),
    bodyLimit: settings.bodyLimit,
    config: { access: endpoint.access, endpoint, ...(settings.rateLimit ? { rateLimit: settings.rateLimit } : {}) },
    schema: {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(endpoint.description ? { description: endpoint.description } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { ...endpoint.responses, ...errors },
    },
    handler: async (request, reply) => {
      const input = {
        params: request.params,
        query: request.query,
        body: request.body,
        headers: request.headers,
        ctx: contextOf(request, endpoint.access),
      } as HandlerInput<E>;
      const answer = await handler(input, reply.status(status));
      return answer;
    },
  };
  app.route(options);
}

// Carries the abort signal of the HTTP request being served through all of its async work, so that the
// database layer can drop queued work, or cancel a running query, once nobody waits for the answer.
// Work outside a request (jobs, maintenance, shared caches) has no signal and is never dropped.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** The reason a request's signal aborts: its client closed the connection before the answer was sent. */
export class ClientGoneError extends Error {
  constructor() {
    super('The client closed the connection before the answer was sent.');
    this.name = 'ClientGoneError';
  }
}

const storage = new AsyncLocalStorage<AbortSignal>();
const signals = new WeakMap<FastifyRequest, AbortSignal>();

/** The signal of the request whose work is running now; undefined outside a request. */
export function currentRequestSignal(): AbortSignal | undefined {
  return storage.getStore();
}

/** Whether the request's client left before its answer was sent. */
export function clientLeft(request: FastifyRequest): boolean {
  return signals.get(request)?.aborted ?? false;
}

/**
 * Runs work that outlives its caller or is shared with other requests (a cached count several requests
 * await, a background job a request woke): one client leaving must not cancel it for the others.
 */
export function detachedFromRequest<T>(work: () => T): T {
  return storage.exit(work);
}

export function registerRequestAbort(app: FastifyInstance): void {
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const controller = new AbortController();
    // The response closes after every answer too; only a close before the answer was written means the client left.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort(new ClientGoneError());
    });
    signals.set(request, controller.signal);
    // The rest of the request (later hooks, body parsing, handler) runs inside: checked on Node 20 and 24.
    withRequestSignal(controller.signal, done);
  });
}

/** Runs `work` (and all it awaits) as the work of a request with this signal. */
export function withRequestSignal<T>(signal: AbortSignal, work: () => T): T {
  return storage.run(signal, work);
}

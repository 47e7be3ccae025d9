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

/**
 * A request's abort state. Its AbortController is made only when something asks for the signal (a query the request
 * runs): making one for every request was a quarter of the server's CPU for health and the sidebar's counts, which
 * answer from what is kept and never ask (bench:overhead, CPU per request 58-75 us without it against 79-127 with).
 */
class RequestAbort {
  private controller: AbortController | null = null;
  private left = false;

  /** `given`: a signal that decides instead of the client (tests, work started for a request elsewhere). */
  constructor(private readonly given?: AbortSignal) {}

  get signal(): AbortSignal {
    if (this.given) return this.given;
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.left) this.controller.abort(new ClientGoneError());
    }
    return this.controller.signal;
  }

  get clientLeft(): boolean {
    return this.given ? this.given.aborted : this.left;
  }

  clientGone(): void {
    this.left = true;
    this.controller?.abort(new ClientGoneError());
  }
}

const storage = new AsyncLocalStorage<RequestAbort>();
const aborts = new WeakMap<FastifyRequest, RequestAbort>();

/** The signal of the request whose work is running now; undefined outside a request. */
export function currentRequestSignal(): AbortSignal | undefined {
  return storage.getStore()?.signal;
}

/** Whether the request's client left before its answer was sent. */
export function clientLeft(request: FastifyRequest): boolean {
  return aborts.get(request)?.clientLeft ?? false;
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
    const abort = new RequestAbort();
    // The response closes after every answer too; only a close before the answer was written means the client left.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) abort.clientGone();
    });
    aborts.set(request, abort);
    // The rest of the request (later hooks, body parsing, handler) runs inside: checked on Node 20 and 24.
    storage.run(abort, done);
  });
}

/** Runs `work` (and all it awaits) as the work of a request with this signal. */
export function withRequestSignal<T>(signal: AbortSignal, work: () => T): T {
  return storage.run(new RequestAbort(signal), work);
}

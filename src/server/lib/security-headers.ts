// The security headers (CSP, HSTS, frame and referrer rules...) as helmet makes them, made once. @fastify/helmet
// builds helmet's middleware again on every request, reading every option each time (2.6% of a busy server's
// CPU in a profile of the import details list); the headers depend on nothing in the request, so helmet is
// run once here against a recording response and its headers are set on every answer in onRequest, as
// @fastify/helmet set them (on the raw response, so answers written outside Fastify's reply carry them too).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets with these options (it also removes X-Powered-By, which Fastify never sets). */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void headers.set(name, String(value)),
    removeHeader: (name: string) => void headers.delete(name),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

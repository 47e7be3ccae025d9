// Serves a fetch-style handler (a simulator) on a real local port, so that tests drive the real HTTP
// clients through Node's own fetch: sockets, headers, status codes and bodies as a vendor would send them.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FetchLike } from '../../src/server/connectors/http-json';

export type ServedFetch = { baseUrl: string; requests: { method: string; url: string; headers: IncomingMessage['headers'] }[]; close(): Promise<void> };

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function serveFetch(handler: FetchLike): Promise<ServedFetch> {
  const requests: ServedFetch['requests'] = [];
  const server = createServer((request, reply) => {
    void (async () => {
      requests.push({ method: request.method ?? 'GET', url: request.url ?? '/', headers: request.headers });
      const body = await readBody(request);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
      const abort = new AbortController();
      reply.on('close', () => abort.abort());
      try {
        const response = await handler(`http://${request.headers.host}${request.url}`, {
          method: request.method,
          headers,
          body: body.length > 0 ? new Uint8Array(body) : undefined,
          signal: abort.signal,
        });
        reply.writeHead(response.status, Object.fromEntries(response.headers));
        reply.end(Buffer.from(await response.arrayBuffer()));
      } catch {
        // The handler hung up on purpose (a simulated timeout the client abandoned) or failed: drop the socket.
        reply.destroy();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

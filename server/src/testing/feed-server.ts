import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export interface FeedServer {
  origin: string;
  url(path: string): string;
  /** Requests answered per path (query included). */
  hits(path: string): number;
  /** Adds or replaces the handler of a path. */
  route(path: string, handler: Handler): void;
  close(): Promise<void>;
}

/**
 * A local HTTP server for crawler tests: one handler per path, 404 otherwise. Keeps count of
 * requests so tests can tell what the crawler asked for.
 */
export async function startFeedServer(
  routes: Record<string, Handler> = {},
  host = '127.0.0.1',
): Promise<FeedServer> {
  const handlers = new Map(Object.entries(routes));
  const hits = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const handler = handlers.get(path);
    if (handler) handler(request, response);
    else response.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    hits: (path) => hits.get(path) ?? 0,
    route: (path, handler) => void handlers.set(path, handler),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Serves fixed content like a well-behaved feed host: an ETag and Last-Modified, 304 for a
 * matching conditional request, and gzip when the client accepts it.
 */
export function staticContent(body: string | Buffer, contentType: string): Handler {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
  const etag = `"${createHash('sha1').update(bytes).digest('hex')}"`;
  const lastModified = new Date(Date.UTC(2024, 0, 1)).toUTCString();
  const gzipped = gzipSync(bytes);
  return (request, response) => {
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, { etag, 'last-modified': lastModified }).end();
      return;
    }
    const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
    response.writeHead(200, {
      'content-type': contentType,
      etag,
      'last-modified': lastModified,
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    response.end(gzip ? gzipped : bytes);
  };
}

/** Counts every TCP connection made to it: a request that reaches it was not blocked. */
export async function startCanary(
  host: string,
): Promise<{ port: number; connections: () => number; close(): Promise<void> }> {
  let connections = 0;
  const server = createServer((_request, response) => response.end('canary'));
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

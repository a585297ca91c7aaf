import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.ico': 'image/x-icon',
};

export interface StaticOrigin {
  url: string;
  requests: string[];
  close: () => Promise<void>;
}

export interface StaticOriginOptions {
  /** Answer unknown paths with index.html, as a single-page app host does. */
  spaFallback?: boolean;
  /** Forward /api/* to this origin, as a remote's dev server does. */
  apiTarget?: string;
}

async function sendFile(response: ServerResponse, filePath: string): Promise<boolean> {
  const info = await stat(filePath).catch(() => undefined);
  if (!info?.isFile()) return false;
  response.writeHead(200, {
    'Content-Type': contentTypes[path.extname(filePath)] ?? 'application/octet-stream',
    'Access-Control-Allow-Origin': '*',
  });
  createReadStream(filePath).pipe(response);
  return true;
}

async function proxy(request: IncomingMessage, response: ServerResponse, target: string) {
  const upstream = await fetch(new URL(request.url ?? '/', target), {
    method: request.method,
    headers: { accept: request.headers.accept ?? '*/*' },
  });
  response.writeHead(upstream.status, {
    'Content-Type': upstream.headers.get('content-type') ?? 'application/octet-stream',
  });
  response.end(Buffer.from(await upstream.arrayBuffer()));
}

/**
 * A plain static file server on its own port: stands in for a CDN hosting one remote on another
 * origin than the site, or for a remote's own page when it runs alone.
 */
export async function startStaticOrigin(
  root: string,
  port: number,
  options: StaticOriginOptions = {},
): Promise<StaticOrigin> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const urlPath = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    requests.push(urlPath);
    const handle = async () => {
      if (options.apiTarget && urlPath.startsWith('/api/')) {
        return proxy(request, response, options.apiTarget);
      }
      const filePath = path.join(root, path.normalize(urlPath).replace(/^(\.\.[/\\])+/, ''));
      if (await sendFile(response, filePath)) return;
      if (options.spaFallback && (await sendFile(response, path.join(root, 'index.html')))) return;
      response.writeHead(404).end();
    };
    handle().catch(() => response.writeHead(502).end());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

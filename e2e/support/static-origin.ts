import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/**
 * A plain static file server on its own port: stands in for a CDN that hosts one remote on
 * another origin than the site.
 */
export interface StaticOrigin {
  url: string;
  requests: string[];
  close: () => Promise<void>;
}

export async function startStaticOrigin(root: string, port: number): Promise<StaticOrigin> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const urlPath = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    requests.push(urlPath);
    const filePath = path.join(root, path.normalize(urlPath).replace(/^(\.\.[/\\])+/, ''));
    stat(filePath)
      .then((info) => {
        if (!info.isFile()) throw new Error('not a file');
        response.writeHead(200, {
          'Content-Type': contentTypes[path.extname(filePath)] ?? 'application/octet-stream',
          'Access-Control-Allow-Origin': '*',
        });
        createReadStream(filePath).pipe(response);
      })
      .catch(() => {
        response.writeHead(404).end();
      });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

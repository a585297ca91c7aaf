import { gzipSync } from 'node:zlib';
import type { Handler } from './feed-server.js';

const MEBIBYTE = 1024 * 1024;

/** A body of `megabytes` MiB, written as fast as the client reads, never held in memory. */
export function hugeBody(megabytes: number): Handler {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/rss+xml' });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let left = megabytes * MEBIBYTE;
    const write = () => {
      while (left > 0) {
        left -= chunk.length;
        if (!response.write(chunk)) return void response.once('drain', write);
      }
      response.end();
    };
    response.on('close', () => (left = 0));
    write();
  };
}

/** A small gzip body that inflates to `megabytes` MiB of zeros. */
export function gzipBomb(megabytes: number): Handler {
  const body = gzipSync(Buffer.alloc(megabytes * MEBIBYTE));
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': 'gzip' });
    response.end(body);
  };
}

/** Redirects to itself forever. */
export function redirectLoop(path: string): Handler {
  return (_request, response) => response.writeHead(302, { location: path }).end();
}

export function redirectTo(location: string, status = 301): Handler {
  return (_request, response) => response.writeHead(status, { location }).end();
}

/** Sends headers, then one byte every `intervalMs`, forever: every read is "in time". */
export function slowDrip(intervalMs: number): Handler {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/rss+xml' });
    response.write('<');
    const timer = setInterval(() => response.write(' '), intervalMs);
    response.on('close', () => clearInterval(timer));
  };
}

export function status(code: number, headers: Record<string, string> = {}): Handler {
  return (_request, response) => response.writeHead(code, headers).end();
}

export function body(text: string | Buffer, contentType: string): Handler {
  return (_request, response) => response.writeHead(200, { 'content-type': contentType }).end(text);
}

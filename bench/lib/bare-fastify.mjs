#!/usr/bin/env node
// The reference of the feed and memory benches and the load drill: a bare Fastify process whose
// only route answers POST (and GET) `BARE_PATH` with the JSON in `BARE_BODY_FILE`, parsed once and
// held in memory, after holding the event loop for `BARE_BUSY_MS` (0: at once; the load drill sets
// the product's mean service time, to see what the same load does to a server with nothing else).
// Run by startBareFastify() below, in its own process like the real server.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { waitUntilReady } from './server-process.mjs';

/** Spawns this file; resolves once the route answers 200, with { origin, pid, readyMs, stop }. */
export async function startBareFastify({
  port,
  bodyFile,
  path = '/api/discover_feed',
  busyMs = 0,
  pollMs = 100,
}) {
  const started = performance.now();
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
    env: {
      ...process.env,
      PORT: String(port),
      BARE_BODY_FILE: bodyFile,
      BARE_PATH: path,
      BARE_BUSY_MS: String(busyMs),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return waitUntilReady(child, {
    name: 'bare fastify',
    origin: `http://127.0.0.1:${port}`,
    isReady: (origin) =>
      fetch(`${origin}${path}`, { method: 'POST', body: '{}' }).then((response) => response.ok),
    started,
    pollMs,
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { default: Fastify } = await import('fastify');
  const body = JSON.parse(readFileSync(process.env.BARE_BODY_FILE, 'utf8'));
  const busyMs = Number(process.env.BARE_BUSY_MS ?? 0);
  const answer = async () => {
    const until = performance.now() + busyMs;
    while (performance.now() < until);
    return body;
  };
  const app = Fastify({ logger: false });
  app.post(process.env.BARE_PATH, answer);
  app.get(process.env.BARE_PATH, answer);
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
}

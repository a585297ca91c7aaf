#!/usr/bin/env node
// The reference of the feed and memory benches: a bare Fastify process whose only route answers
// POST (and GET) `BARE_PATH` with the JSON in `BARE_BODY_FILE`, parsed once and held in memory.
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
  pollMs = 100,
}) {
  const started = performance.now();
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
    env: { ...process.env, PORT: String(port), BARE_BODY_FILE: bodyFile, BARE_PATH: path },
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
  const app = Fastify({ logger: false });
  app.post(process.env.BARE_PATH, async () => body);
  app.get(process.env.BARE_PATH, async () => body);
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
}

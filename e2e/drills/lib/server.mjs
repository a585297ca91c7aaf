// Starting, killing and restarting the built server (server/dist/main.js) for the drills, the way
// bench/lib/server-process.mjs and e2e/support/site.ts do it: a free port, a data directory,
// nothing crawled or scheduled unless a drill asks for it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../../bench/lib/paths.mjs';
import { rssMiB } from '../../../bench/lib/server-process.mjs';

export { repoRoot };
export { admin, freePort } from '../../../bench/lib/server-process.mjs';

export function requireBuilt() {
  for (const file of ['server/dist/main.js', 'server/dist/admin.js']) {
    if (!existsSync(join(repoRoot, file))) {
      throw new Error(`${file} is missing: run npm run build (the drills use the built server)`);
    }
  }
}

export function temporaryDataDir(name) {
  return mkdtempSync(join(tmpdir(), `blogstream-drill-${name}-`));
}

/**
 * The environment of a drill server: nothing crawled, scheduled or seeded; quiet logs; no page
 * visits unless the drill asks (the corpora's article pages are on the internet).
 */
export function drillEnv(dataDir, extra = {}) {
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    CRAWL_ON_START: '0',
    CRAWL_SCHEDULE: 'off',
    CATALOGUE_SEED: '0',
    CRAWL_PAGE_VISITS: '0',
    FEED_HOST_INTERVAL_MS: '0',
    ...extra,
  };
  // A drill decides about private addresses itself: never inherit it from the caller's shell.
  if (!('FEED_ALLOW_PRIVATE' in extra)) delete env.FEED_ALLOW_PRIVATE;
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  return env;
}

/**
 * Starts server/dist/main.js on `port` and resolves once /api/health answers 200:
 * { origin, pid, child, rssMiB(), output(), stop() (SIGTERM), kill() (SIGKILL) }.
 */
export async function startServer(env, port, { timeoutMs = 90_000 } = {}) {
  const child = spawn(process.execPath, [join(repoRoot, 'server/dist/main.js')], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the server exited early (${child.exitCode ?? child.signalCode}):\n${output}`,
      );
    }
    const healthy = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) {
      return {
        origin,
        pid: child.pid,
        child,
        output: () => output,
        rssMiB: () => Math.round(rssMiB(child.pid)),
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          return exited;
        },
        kill: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
          return exited;
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not become healthy:\n${output}`);
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

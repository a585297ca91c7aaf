import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './paths.mjs';

/** The environment of a bench server or admin command: local feeds allowed, nothing scheduled. */
export function benchEnv(dataDir, extra = {}) {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    FEED_ALLOW_PRIVATE: '1',
    FEED_HOST_INTERVAL_MS: '0',
    CRAWL_ON_START: '0',
    CRAWL_SCHEDULE: 'off',
    CATALOGUE_SEED: '0',
    // The corpora's article pages are on the internet; page visits are measured on their own
    // (bench:extract-page).
    CRAWL_PAGE_VISITS: '0',
    ...extra,
  };
}

/**
 * A drill's server: as a bench's, but one process doing everything (`npm start`'s ROLE=all: its
 * own crawls and jobs), and a drill decides about private addresses itself (never inherited from
 * the caller's shell), so the SSRF drill sees the product's own refusals.
 */
export function drillEnv(dataDir, extra = {}) {
  const env = benchEnv(dataDir, { ROLE: 'all', ...extra });
  if (!('FEED_ALLOW_PRIVATE' in extra)) delete env.FEED_ALLOW_PRIVATE;
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  return env;
}

export function temporaryDataDir(name) {
  return mkdtempSync(join(tmpdir(), `blogstream-bench-${name}-`));
}

/** Runs `npm run admin -- <args>` (node server/dist/admin.js) and resolves with its output. */
export function admin(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(repoRoot, 'server/dist/admin.js'), ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`admin ${args[0]} failed:\n${output}`)),
    );
  });
}

/** "Crawl run 1 (admin): 69 feeds in 2.1 s, 69 fetched, 0 not modified, 0 failed, 2404 new articles" */
export function parseCrawlSummary(output) {
  const match =
    /(\d+) feeds in ([\d.]+) s, (\d+) fetched, (\d+) not modified, (\d+) failed.*?, (\d+) new articles/.exec(
      output,
    );
  if (!match) throw new Error(`No crawl summary in:\n${output}`);
  const [, feeds, seconds, fetched, notModified, failed, newArticles] = match.map(Number);
  return { feeds, seconds, fetched, notModified, failed, newArticles };
}

/** The last output of a child process (stdout and stderr), kept to explain a failure. */
function keptOutput(child) {
  let output = '';
  const keep = (chunk) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', (chunk) => {
    keep(chunk);
    process.stderr.write(chunk);
  });
  return () => output;
}

/**
 * Polls `isReady(origin, output)` every `pollMs` until it resolves true, up to `timeoutMs`; resolves with
 * the name, the origin, the child and its pid, the milliseconds from `started` to ready, its output, its
 * RSS, stop() (SIGTERM) and kill() (SIGKILL), each resolving with how it exited. Kills the child
 * and throws (with its output) when it exits first or never gets ready.
 */
export async function waitUntilReady(
  child,
  { name, origin, isReady, started, pollMs = 100, timeoutMs = 180_000 },
) {
  const output = keptOutput(child);
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const running = () => child.exitCode === null && child.signalCode === null;
  const signal = (kind) => {
    if (running()) child.kill(kind);
    return exited;
  };
  const deadline = started + timeoutMs;
  while (performance.now() < deadline) {
    if (!running()) {
      throw new Error(`${name} exited early (${child.exitCode ?? child.signalCode}):\n${output()}`);
    }
    if (await Promise.resolve(isReady(origin, output)).catch(() => false)) {
      return {
        name,
        origin,
        child,
        pid: child.pid,
        readyMs: performance.now() - started,
        output,
        rssMiB: () => Math.round(rssMiB(child.pid)),
        stop: () => signal('SIGTERM'),
        kill: () => signal('SIGKILL'),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not become ready:\n${output()}`);
}

/** A worker process's readiness (it serves no HTTP): the line it logs once its jobs run. */
export const jobsRunning = (_origin, output) =>
  output().includes('Background jobs run in this process');

/**
 * Starts server/dist/main.js (a web process unless `env` names another ROLE) and resolves once
 * `ready` answers 200 (GET /api/health unless told; a function of the origin and the output so far
 * resolving true also works), polling every `pollMs`: see `waitUntilReady` for what it resolves
 * with. Its stderr is echoed (warnings show in a bench's or drill's log) and both streams kept.
 * Port 0 starts a process that serves no HTTP (a worker): its origin is empty.
 * @param {Record<string, string | undefined>} env
 * @param {number} port
 * @param {{ name?: string, pollMs?: number, timeoutMs?: number, ready?: { path: string }
 *   | ((origin: string, output: () => string) => boolean | Promise<boolean>) }} [options]
 */
export async function startServer(
  env,
  port,
  { name = 'the server', ready = { path: '/api/health' }, pollMs = 100, timeoutMs } = {},
) {
  const started = performance.now();
  const child = spawn(process.execPath, [join(repoRoot, 'server/dist/main.js')], {
    env: { ROLE: 'web', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const isReady =
    typeof ready === 'function'
      ? ready
      : (origin) => fetch(`${origin}${ready.path}`).then((response) => response.ok);
  return waitUntilReady(child, {
    name,
    origin: port === 0 ? '' : `http://127.0.0.1:${port}`,
    isReady,
    started,
    pollMs,
    ...(timeoutMs ? { timeoutMs } : {}),
  });
}

/** The resident set size of a process in MiB (Linux /proc). */
export function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)[1]) / 1024;
}

/** The CPU time a process has used so far, user and system, in ms (Linux /proc, 100 ticks a second). */
export function cpuMs(pid) {
  // After "pid (name) ", utime and stime (fields 14 and 15 of stat) are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A new data directory with the database created and migrated (the server does that at start). */
export async function preparedDataDir(name) {
  const dataDir = temporaryDataDir(name);
  const server = await startServer(benchEnv(dataDir), await freePort());
  await server.stop();
  return dataDir;
}

/**
 * Resolves once the server has saved both search indexes in `dataDir` (decision 0024: after
 * building them), with the milliseconds waited.
 */
export async function searchIndexesSaved(dataDir) {
  const started = performance.now();
  const files = ['lexical-index.bin', 'vector-index.bin'].map((file) =>
    join(dataDir, 'search', file),
  );
  while (!files.every((file) => existsSync(file))) {
    if (performance.now() - started > 300_000) throw new Error('The search indexes were not saved');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return performance.now() - started;
}

import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jobsRunning, startServer as startKitServer } from '../../../bench/lib/server-process.mjs';
import { freePort } from '../../support/ports.js';

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const adminJs = path.join(repoRoot, 'server/dist/admin.js');

/** Shared by every process of a deployment (docs/DEPLOYMENT.md: "Secrets"). */
export const SESSION_SECRET = 'scale-out-test-secret-0123456789-abcdefghijklmnop';

/** What every process of these tests gets: quiet, offline, no catalogue, nothing scheduled. */
export const baseEnv: Record<string, string> = {
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  CATALOGUE_SEED: '0',
  CRAWL_ON_START: '0',
  CRAWL_SCHEDULE: 'off',
  DIGEST_SCHEDULE: 'off',
  CAPTCHA_PROVIDER: 'off',
  FEED_ALLOW_PRIVATE: '1',
  CRAWL_PAGE_VISITS: '0',
};

export function tempDir(name: string): Promise<string> {
  return mkdtemp(path.join(process.env.BLOGSTREAM_TEST_TMP ?? tmpdir(), `blogstream-${name}-`));
}

export interface ServerProcess {
  name: string;
  /** http://127.0.0.1:PORT for a web or all process; empty for a worker. */
  url: string;
  pid: number;
  output(): string;
  /** SIGTERM and wait for the exit (a clean shutdown): resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts `node server/dist/main.js` with `env` (the test kit's startServer); web processes are
 * awaited on /api/health/ready, as a load balancer would before sending them requests (decision
 * 0032), a worker until its jobs run.
 */
export async function startServer(
  name: string,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const role = env.ROLE ?? 'all';
  const worker = role === 'worker';
  const running = await startKitServer(
    { ...process.env, ...baseEnv, ROLE: role, ...env },
    worker ? 0 : await freePort(),
    {
      name,
      ready: worker ? jobsRunning : { path: '/api/health/ready' },
      pollMs: 200,
      timeoutMs: 120_000,
    },
  );
  return {
    name,
    url: running.origin,
    pid: running.pid,
    output: running.output,
    stop: async () => (await running.stop()).code,
  };
}

/** `npm run admin -- ARGS` with `env` (DATABASE_URL or DATA_DIR decides the database). */
export function runAdmin(args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [adminJs, ...args],
      { env: { ...process.env, ...baseEnv, ...env }, timeout: 120_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`admin ${args.join(' ')} failed:\n${stdout}${stderr}`));
        else resolve(stdout);
      },
    );
  });
}

/** Polls `probe` until it returns a value (not undefined or false). */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The newest e-mail verification link in a web process's /dev/mail outbox page. */
export function verificationLink(webUrl: string): Promise<string> {
  return until('the verification mail', async () => {
    const page = await (await fetch(`${webUrl}/dev/mail`)).text();
    return /\/api\/verify_email\/[\w-]{43}/.exec(page)?.[0];
  });
}

import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../support/ports.js';

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const mainJs = path.join(repoRoot, 'server/dist/main.js');
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
  /** Resolves once `pattern` appears in the output (stdout and stderr). */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** SIGTERM and wait for the exit (a clean shutdown). */
  stop(): Promise<number | null>;
}

/**
 * Starts `node server/dist/main.js` with `env`; web processes are awaited on /api/health/ready,
 * as a load balancer would before sending them requests (decision 0032).
 */
export async function startServer(
  name: string,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const role = env.ROLE ?? 'all';
  const port = role === 'worker' ? 0 : await freePort();
  const child: ChildProcess = spawn(process.execPath, [mainJs], {
    env: { ...process.env, ...baseEnv, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of [...waiters]) {
      const match = waiter.pattern.exec(output);
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(match[0]);
      }
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const waitForOutput = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<string>((resolve, reject) => {
      const match = pattern.exec(output);
      if (match) return resolve(match[0]);
      const timer = setTimeout(
        () => reject(new Error(`${name}: no ${pattern} within ${timeoutMs} ms:\n${output}`)),
        timeoutMs,
      );
      waiters.push({
        pattern,
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
      });
      void exited.then((code) =>
        reject(new Error(`${name} exited (${code}) before ${pattern}:\n${output}`)),
      );
    });

  const url = role === 'worker' ? '' : `http://127.0.0.1:${port}`;
  const process_: ServerProcess = {
    name,
    url,
    pid: child.pid ?? 0,
    output: () => output,
    waitForOutput,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
  try {
    if (role === 'worker') await waitForOutput(/Background jobs run in this process/);
    else
      await waitUntilReady(
        url,
        () => child.exitCode !== null,
        () => output,
      );
  } catch (error) {
    await process_.stop();
    throw error;
  }
  return process_;
}

/** Until /api/health/ready answers 200: migrated, and the search indexes loaded. */
async function waitUntilReady(url: string, exited: () => boolean, output: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`The server exited early:\n${output()}`);
    const response = await fetch(`${url}/api/health/ready`).catch(() => undefined);
    if (response?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not become ready:\n${output()}`);
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

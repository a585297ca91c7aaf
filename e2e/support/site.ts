import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../bench/lib/server-process.mjs';
import { freePort } from './ports.js';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningSite {
  url: string;
  dataDir: string;
  output: () => string;
  /** Runs an operator command (`npm run admin -- ...`) against this site's database. */
  admin: (args: string[], env?: Record<string, string>) => Promise<string>;
  /** Stops the server and, unless `keepDataDir` was asked for, removes its data directory. */
  stop: () => Promise<void>;
}

export interface SiteOptions {
  /** Starts from a copy of this data directory (a seeded site) instead of an empty one. */
  copyDataDirFrom?: string;
  /** Leaves the data directory in place at stop (to be copied by later sites). */
  keepDataDir?: boolean;
}

/**
 * The offline word model alone: the seeded corpus (2,404 articles) is embedded in seconds
 * instead of minutes by the sentence model (decision 0030). A journey about meaning passes
 * `EMBEDDINGS_OFFLINE_MODEL: 'sentences'`.
 */
const CHEAP_EMBEDDINGS = { EMBEDDINGS_OFFLINE_MODEL: 'words' };

/** Starts the built site exactly as `npm start` runs it, on a free port and a fresh data dir. */
export async function startSite(
  env: Record<string, string> = {},
  options: SiteOptions = {},
): Promise<RunningSite> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'blogstream-e2e-'));
  if (options.copyDataDirFrom) {
    await cp(options.copyDataDirFrom, dataDir, {
      recursive: true,
      // The lock and admin-socket files of the server that made it are not part of the data.
      filter: (source) => !/\.server\.json$|\.lock$|\.e2e-seeded\.json$/.test(source),
    });
  }
  const server = await startServer(
    {
      ...process.env,
      // As `npm start` runs it: one process serving and doing the background work.
      ROLE: 'all',
      DATA_DIR: dataDir,
      // The browser tests never reach the internet.
      CRAWL_ON_START: '0',
      CRAWL_SCHEDULE: 'off',
      ...CHEAP_EMBEDDINGS,
      ...env,
    },
    port,
    { name: 'the site', ready: READY, pollMs: 200, timeoutMs: READY_WITHIN_MS },
  );
  const url = `http://localhost:${port}`;
  return {
    url,
    dataDir,
    output: server.output,
    admin: (args, adminEnv = {}) => runAdmin(dataDir, args, { ...env, ...adminEnv }),
    stop: async () => {
      await server.stop();
      if (!options.keepDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** `npm run admin -- ARGS` for a data directory (through its running server, if any). */
export function runAdmin(
  dataDir: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(repoRoot, 'server/dist/admin.js'), ...args],
      {
        env: { ...process.env, DATA_DIR: dataDir, ...CHEAP_EMBEDDINGS, ...env },
        timeout: 180_000,
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`admin ${args.join(' ')} failed:\n${stdout}${stderr}`));
        else resolve(stdout);
      },
    );
  });
}

/**
 * How long a server may take to be ready: two journeys start servers side by side on 2 cores
 * (decision 0039), so there is room for a busy machine.
 */
const READY_WITHIN_MS = 90_000;

/** How long a hook that starts a site (startSite) may take. */
export const SITE_START_TIMEOUT_MS = READY_WITHIN_MS + 30_000;

/**
 * Ready when `/api/health/ready` answers 200 (its search indexes loaded, decision 0032), as a load
 * balancer would before sending it visitors. A page asked of a server still loading them waits
 * for the index (up to SEARCH_WAIT_MS) past its first view's budget (FIRST_VIEW_RENDER_TIMEOUT_MS),
 * and is sent without its first view (decision 0021).
 */
const READY = { path: '/api/health/ready' };

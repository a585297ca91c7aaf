// The ways of serving one corpus that the load drill and the fleet bench put side by side: one
// embedded process, one web process on PostgreSQL, and two web processes and a worker on
// PostgreSQL (docs/DEPLOYMENT.md), each process started from server/dist/main.js as deployed.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { copyCorpusToPostgres, createDatabase } from './postgres.mjs';
import {
  admin,
  benchEnv,
  freePort,
  jobsRunning,
  searchIndexesSaved,
  startServer,
  temporaryDataDir,
} from './server-process.mjs';

/** Every process of a fleet signs with the same secret (docs/DEPLOYMENT.md). */
const SESSION_SECRET = 'bench-fleet-session-secret-0123456789-abcdef';

export const TOPOLOGIES = [
  { key: 'embedded', label: '1 embedded process', web: 1, workers: 0, postgres: false },
  { key: 'web1', label: '1 web + PostgreSQL', web: 1, workers: 0, postgres: true },
  { key: 'web2', label: '2 web + 1 worker + PostgreSQL', web: 2, workers: 1, postgres: true },
];

/**
 * A new database on `serverUrl` holding the corpus of the embedded data directory `dataDir`
 * (copied), after `admin embed` on it: nothing is left to embed, so the pass only builds
 * pgvector's index as a worker's first pass would. Each topology runs on a copy of it
 * (fresh(): a file copy, seconds), so none sees another's readers, bookmarks or rate limits.
 * Resolves with { serverUrl, url, name, seconds, fresh(key), drop() }.
 */
export async function postgresCorpus(serverUrl, dataDir, name) {
  const started = performance.now();
  const database = await createDatabase(serverUrl, name);
  try {
    await copyCorpusToPostgres(dataDir, database.url);
    const adminDir = temporaryDataDir(`${name}-admin`);
    try {
      await admin(['embed'], serverEnv(adminDir, database.url, {}));
    } finally {
      rmSync(adminDir, { recursive: true, force: true });
    }
    return {
      ...database,
      seconds: (performance.now() - started) / 1000,
      fresh: (key) => createDatabase(serverUrl, `${name}_${key}`, { template: name }),
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

function serverEnv(dataDir, databaseUrl, extra) {
  return benchEnv(dataDir, {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, SESSION_SECRET } : {}),
    // Each of the mixed load's few readers stands for the connections of many people
    // (mixed-load.mjs), so one reader's bound on feed and search calls is lifted to their share.
    READER_CONCURRENCY: '100',
    READER_QUEUE: '100',
    ...extra,
  });
}

/**
 * Starts server/dist/main.js: a web process (or `all`) resolves once /api/health answers 200, a
 * worker (no origin) once it says its jobs run. Resolves as `startServer` does, with its name.
 */
async function startProcess(name, env) {
  if (env.ROLE !== 'worker') return startServer(env, await freePort(), { name });
  return startServer(env, 0, { name, ready: jobsRunning });
}

/**
 * Starts `topology`: on a copy of the embedded corpus `dataDir` (the embedded process runs on it,
 * as `npm start` does), or on a fresh copy of the PostgreSQL corpus `postgres` (postgresCorpus;
 * every process with a data directory of its own). Resolves with { origins, processes, rss(),
 * stop() }; stop() also deletes the copy.
 */
export async function startTopology(topology, { dataDir, postgres, env = {} }) {
  const processes = [];
  const folders = [];
  let database;
  const stop = async () => {
    for (const one of processes.reverse()) await one.stop();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    await database?.drop();
  };
  try {
    if (!topology.postgres) {
      const copy = temporaryDataDir('fleet-embedded');
      folders.push(copy);
      cpSync(dataDir, copy, { recursive: true });
      // Without saved indexes, and measured once this process has built and saved them (decision
      // 0012, Since 2026-11-26): until then it builds them on the thread that serves.
      rmSync(join(copy, 'search'), { recursive: true, force: true });
      processes.push(await startProcess('embedded', serverEnv(copy, null, env)));
      await searchIndexesSaved(copy);
    } else {
      database = await postgres.fresh(topology.key);
      const databaseUrl = database.url;
      const start = async (name, role) => {
        const folder = temporaryDataDir(`fleet-${name}`);
        folders.push(folder);
        processes.push(
          await startProcess(name, serverEnv(folder, databaseUrl, { ...env, ROLE: role })),
        );
      };
      for (let i = 1; i <= topology.web; i++) await start(`web ${i}`, 'web');
      for (let i = 1; i <= topology.workers; i++) await start(`worker ${i}`, 'worker');
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const web = processes.filter((one) => one.origin);
  return {
    origins: web.map((one) => one.origin),
    processes,
    /** Resident memory of each process, in MiB, by name. */
    rss: () => Object.fromEntries(processes.map((one) => [one.name, one.rssMiB()])),
    /** The distinct errors the processes have logged so far (pino's level 50 and up), counted. */
    loggedErrors: () => distinctLoggedErrors(processes),
    stop,
  };
}

function distinctLoggedErrors(processes) {
  const messages = new Map();
  for (const one of processes) {
    for (const line of one.output().split('\n')) {
      if (!line.startsWith('{')) continue;
      let entry;
      try {
        entry = JSON.parse(line);
      } catch {
        continue;
      }
      if (entry.level < 50) continue;
      const where = /\n\s+at ([^\n]+)/.exec(entry.err?.stack ?? '')?.[1] ?? '';
      const message = `${one.name}: ${entry.msg ?? ''}: ${entry.err?.message ?? ''} ${where}`;
      messages.set(message, (messages.get(message) ?? 0) + 1);
    }
  }
  return [...messages].map(([message, count]) => `${count}x ${message}`);
}

/**
 * Waits until every web process has its search indexes loaded: a first search waits for them
 * (the lexical index loads in each process; the vectors only in the embedded one).
 */
export async function warmUp(readers) {
  const seen = new Set();
  for (const reader of readers) {
    if (seen.has(reader.origin)) continue;
    seen.add(reader.origin);
    await reader.client.postJson('/api/search', { queryData: 'warm up', offset: 0, limit: 12 });
  }
}

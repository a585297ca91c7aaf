import { findRunningServer, lockDataDir, pgliteDir, publishRunningServer } from './data-dir.js';
import type { Db } from '../db.js';
import { openPgPool, type PgPoolOptions } from './pg-pool.js';
import { openPglite } from './pglite.js';

type Cleanup = () => Promise<void>;

/** Where the database is: a PostgreSQL server, else PGlite in DATA_DIR (decision 0003). */
export interface DatabaseConfig {
  /** Set: PostgreSQL server mode. Unset: embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** 0 picks a free port for the embedded database's admin socket. */
  adminDbPort: number;
}

export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';

  constructor(databaseUrl: string, cause: unknown) {
    const { code, message } = cause as NodeJS.ErrnoException;
    super(
      `Cannot reach PostgreSQL at ${new URL(databaseUrl).host} (DATABASE_URL): ${message || code}`,
      { cause },
    );
  }
}

async function openReachablePool(databaseUrl: string, options: PgPoolOptions): Promise<Db> {
  const db = openPgPool(databaseUrl, options);
  try {
    await db.query('SELECT 1');
    return db;
  } catch (error) {
    await db.close();
    throw new DatabaseUnreachableError(databaseUrl, error);
  }
}

/**
 * Opens DATA_DIR's PGlite for this process alone. With `adminDbPort` set, admin commands may share
 * it through a loopback socket whose port is published in DATA_DIR/.server.json.
 */
async function openEmbedded(dataDir: string, adminDbPort?: number): Promise<Db> {
  const cleanups: Cleanup[] = [];
  const closeAll = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    cleanups.push(await lockDataDir(dataDir));
    const db = await openPglite(pgliteDir(dataDir));
    cleanups.push(() => db.close());
    if (adminDbPort !== undefined) {
      const { port } = await db.listenOnLoopback(adminDbPort);
      cleanups.push(await publishRunningServer(dataDir, port));
    }
    return { ...db, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/** The database of a server process (any role). */
export function openDatabase(
  config: DatabaseConfig,
  onIdleClientError: (error: Error) => void,
): Promise<Db> {
  if (config.databaseUrl) return openReachablePool(config.databaseUrl, { onIdleClientError });
  return openEmbedded(config.dataDir, config.adminDbPort);
}

/**
 * How long an admin command keeps knocking on a running server's socket: a server busy starting
 * (loading its search indexes) may not answer the first connection within the pool's 5 s.
 */
const RUNNING_SERVER_PATIENCE_MS = 30_000;
const KNOCK_INTERVAL_MS = 500;

/** A connection through the running server's socket, or undefined once it has stopped running. */
async function throughRunningServer(dataDir: string): Promise<Db | undefined> {
  const deadline = Date.now() + RUNNING_SERVER_PATIENCE_MS;
  for (;;) {
    const server = await findRunningServer(dataDir);
    if (!server) return undefined;
    const db = openPgPool(`postgres://postgres@127.0.0.1:${server.adminDbPort}/postgres`, {
      mode: 'embedded',
      max: 2,
    });
    try {
      await db.query('SELECT 1');
      return db;
    } catch {
      await db.close();
    }
    // Past the patience, a stale file: open the directory, whose lock says who holds it.
    if (Date.now() >= deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, KNOCK_INTERVAL_MS));
  }
}

/** The database for an admin command: through the running server when there is one. */
export async function openAdminDatabase(
  config: Pick<DatabaseConfig, 'databaseUrl' | 'dataDir'>,
): Promise<Db> {
  if (config.databaseUrl) return openReachablePool(config.databaseUrl, { max: 2 });
  return (await throughRunningServer(config.dataDir)) ?? openEmbedded(config.dataDir);
}

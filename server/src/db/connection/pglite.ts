import { mkdir } from 'node:fs/promises';
import { Mutex, PGlite, type Transaction } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { Db, Queryable } from '../db.js';
import { sessionSharedWithSocketClients } from './pglite-session.js';

/** Pass as the data directory for a throwaway database (tests). */
export const IN_MEMORY = 'memory://';

/**
 * PGlite holds PostgreSQL's shared buffers in its WebAssembly memory, which never shrinks: at the
 * default 128 MB they were a third of the embedded server's resident memory. Pages past them come
 * from the operating system's file cache (bench/server-memory.mjs; decision 0020).
 */
const SHARED_BUFFERS = '16MB';

/** More than any admin command's pg pool. */
const MAX_SOCKET_CONNECTIONS = 8;

export interface EmbeddedDb extends Db {
  readonly mode: 'embedded';
  /**
   * Lets other processes (admin commands) use this database over the Postgres wire protocol on
   * 127.0.0.1, since only one process can open a PGlite directory. Port 0 picks a free port.
   * Stopped by close().
   */
  listenOnLoopback(port: number): Promise<{ port: number }>;
}

function queryable(target: PGlite | Transaction): Queryable {
  return {
    query: async <Row>(sql: string, params?: readonly unknown[]) => {
      const result = await target.query<Row>(sql, params as unknown[] | undefined);
      return { rows: result.rows };
    },
    exec: async (sql) => {
      await target.exec(sql);
    },
  };
}

/**
 * Opens (creating on first use) the PGlite database in `dataDir`, with pgvector available.
 * `loadDataDir` starts it from a dumped data directory instead (tests: a migrated template).
 */
export async function openPglite(
  dataDir: string,
  options: { loadDataDir?: Blob } = {},
): Promise<EmbeddedDb> {
  if (dataDir !== IN_MEMORY) await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, {
    extensions: { vector },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
    ...options,
  });
  const session = new Mutex();
  const direct = queryable(pglite);
  let socketServer: PGLiteSocketServer | undefined;

  return {
    mode: 'embedded',
    query: <Row>(sql: string, params?: readonly unknown[]) =>
      session.runExclusive(() => direct.query<Row>(sql, params)),
    exec: (sql) => session.runExclusive(() => direct.exec(sql)),
    transaction: (work) =>
      session.runExclusive(() => pglite.transaction((tx) => work(queryable(tx)))),
    listenOnLoopback: async (port) => {
      socketServer = new PGLiteSocketServer({
        db: sessionSharedWithSocketClients(pglite, session),
        host: '127.0.0.1',
        port,
        maxConnections: MAX_SOCKET_CONNECTIONS,
      });
      await socketServer.start();
      return { port: Number(socketServer.getServerConn().split(':').at(-1)) };
    },
    close: async () => {
      await socketServer?.stop();
      await session.runExclusive(() => pglite.close());
    },
  };
}

import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * One PostgreSQL endpoint for several server processes: a database of its own on the real
 * PostgreSQL 15 + pgvector of TEST_POSTGRES_URL (scripts/postgres-for-tests.sh) when there is one;
 * otherwise an in-memory PGlite (with pgvector) served over the Postgres wire protocol by
 * @electric-sql/pglite-socket, standing in for it (docs/decisions/0016-postgres-in-tests.md).
 */
export interface SharedDatabase {
  /** 'postgres' (a real server) or 'pglite-socket' (the stand-in). */
  engine: 'postgres' | 'pglite-socket';
  /** postgres://... for DATABASE_URL. */
  url: string;
  /** A query from the test itself (through the same socket, like any other client). */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

const testPostgresUrl = process.env.TEST_POSTGRES_URL || undefined;

/** `test` on real PostgreSQL, or skipped with the reason when there is none. */
export function testOnPostgres(name: string, run: (serverUrl: string) => Promise<void>): void {
  if (testPostgresUrl) test(`${name} (PostgreSQL 15)`, () => run(testPostgresUrl));
  else {
    test.skip(`${name} (PostgreSQL 15, skipped: TEST_POSTGRES_URL is unset)`, () => undefined);
  }
}

function urlOfDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance database (CREATE or DROP DATABASE). */
export async function onPostgresServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client(urlOfDatabase(serverUrl, 'postgres'));
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

function withQueries(
  engine: SharedDatabase['engine'],
  url: string,
  stop: () => Promise<void>,
): SharedDatabase {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  return {
    engine,
    url,
    query: async <Row>(sql: string, params?: unknown[]) =>
      (await pool.query(sql, params)).rows as Row[],
    close: async () => {
      await pool.end();
      await stop();
    },
  };
}

/**
 * An empty database with `vector` on the server of TEST_POSTGRES_URL (a copy of its database),
 * dropped by close(); the name is for a pg_restore target next to it.
 */
export async function createPostgresDatabase(serverUrl: string): Promise<SharedDatabase> {
  const name = `blogstream_e2e_${randomUUID().replaceAll('-', '')}`;
  const template = new URL(serverUrl).pathname.slice(1);
  await onPostgresServer(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  return withQueries('postgres', urlOfDatabase(serverUrl, name), () =>
    onPostgresServer(serverUrl, `DROP DATABASE ${name} WITH (FORCE)`),
  );
}

const READY_FOR_QUERY = 0x5a; // 'Z', length 5, then the status byte I, T or E
const IDLE = 0x49; // 'I'
const TERMINATE = 0x58; // 'X'

/**
 * PGlite is ONE Postgres session. pglite-socket queues the wire messages of all its clients and
 * keeps one client's messages together only while `isInTransaction()` is true, so outside a
 * transaction client B's Parse could land between client A's Parse and Bind (both use the unnamed
 * statement). This view of the PGlite reports "in a transaction" from a client's first message
 * until the session is back at ReadyForQuery idle, so each client's exchange runs whole, as each
 * would on its own backend of a real PostgreSQL.
 */
function oneExchangeAtATime(pglite: PGlite): PGlite {
  let exchangeOpen = false;
  const execProtocolRawStream: PGlite['execProtocolRawStream'] = async (message, options) => {
    let tail = new Uint8Array(0);
    await pglite.execProtocolRawStream(message, {
      ...options,
      onRawData: (chunk) => {
        const joined = new Uint8Array(tail.length + chunk.length);
        joined.set(tail);
        joined.set(chunk, tail.length);
        tail = joined.slice(-6);
        options.onRawData(chunk);
      },
    });
    const idleAgain = tail.length === 6 && tail[0] === READY_FOR_QUERY && tail[5] === IDLE;
    exchangeOpen = !(idleAgain || message[0] === TERMINATE);
  };
  return new Proxy(pglite, {
    get(target, property) {
      if (property === 'execProtocolRawStream') return execProtocolRawStream;
      if (property === 'isInTransaction') {
        return () => exchangeOpen || target.isInTransaction();
      }
      if (property === 'exec') {
        // Only called by the socket server to roll back after a client left mid-exchange.
        return async (sql: string) => {
          const result = await target.exec(sql);
          exchangeOpen = false;
          return result;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export async function startSharedDatabase(): Promise<SharedDatabase> {
  if (testPostgresUrl) return createPostgresDatabase(testPostgresUrl);
  const pglite = await PGlite.create('memory://', { extensions: { vector } });
  const server = new PGLiteSocketServer({
    db: oneExchangeAtATime(pglite),
    host: '127.0.0.1',
    port: 0,
    // Two web processes, two workers and admin commands, each a pool of up to 10.
    maxConnections: 100,
  });
  await server.start();
  return withQueries(
    'pglite-socket',
    `postgres://postgres@${server.getServerConn()}/postgres`,
    async () => {
      await server.stop();
      await pglite.close();
    },
  );
}

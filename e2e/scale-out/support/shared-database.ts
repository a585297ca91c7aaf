import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';

/**
 * One PostgreSQL endpoint for several server processes: an in-memory PGlite (with pgvector) served
 * over the Postgres wire protocol by @electric-sql/pglite-socket, as the server's own tests reach
 * it with `pg`. Stands in for the PostgreSQL server of a real deployment (docs/DEPLOYMENT.md).
 */
export interface SharedDatabase {
  /** postgres://... for DATABASE_URL. */
  url: string;
  /** A query from the test itself (through the same socket, like any other client). */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
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
  const pglite = await PGlite.create('memory://', { extensions: { vector } });
  const server = new PGLiteSocketServer({
    db: oneExchangeAtATime(pglite),
    host: '127.0.0.1',
    port: 0,
    // Two web processes, two workers and admin commands, each a pool of up to 10.
    maxConnections: 100,
  });
  await server.start();
  const url = `postgres://postgres@${server.getServerConn()}/postgres`;
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  return {
    url,
    query: async <Row>(sql: string, params?: unknown[]) =>
      (await pool.query(sql, params)).rows as Row[],
    close: async () => {
      await pool.end();
      await server.stop();
      await pglite.close();
    },
  };
}

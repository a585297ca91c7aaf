import pg from 'pg';
import type { DatabaseMode } from '@blogstream/shared/contract';
import type { Db, Queryable } from '../db.js';

const INT8_OID = 20;

/**
 * How pgvector's HNSW scans run on every connection of a PostgreSQL pool: each
 * considers 400 candidates (the deepest search asks for 400 neighbours: more like this; 300 for a
 * search) and goes on past rows a filter leaves out (iterative scan, pgvector 0.8), so a search
 * needs one statement, not a transaction around SET LOCAL. Recall@10 at 100,000 vectors: see
 * bench/search-scale.mjs.
 */
const VECTOR_SEARCH_SESSION = `SET hnsw.ef_search = 400; SET hnsw.iterative_scan = relaxed_order`;

// PGlite returns int8 (count(*), bigserial) as numbers; parse them the same way here so code
// behaves alike on both drivers. Ids and counts stay far below 2^53.
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format: 'text' | 'binary' = 'text') =>
    oid === INT8_OID && format === 'text'
      ? Number
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/** Fail fast instead of hanging requests when the database cannot be reached. */
const CONNECTION_TIMEOUT_MS = 5_000;

export interface PgPoolOptions {
  /** 'embedded' when the pool reaches a running server's PGlite through its admin socket. */
  mode?: DatabaseMode;
  max?: number;
  onIdleClientError?: (error: Error) => void;
}

function queryable(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    query: async <Row>(sql: string, params?: readonly unknown[]) => {
      const result = await client.query(sql, params as unknown[] | undefined);
      return { rows: result.rows as Row[] };
    },
    exec: async (sql) => {
      await client.query(sql);
    },
  };
}

export function openPgPool(connectionString: string, options: PgPoolOptions = {}): Db {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    types,
    // Run on each new connection before the pool hands it out (awaited by pg-pool).
    onConnect: async (client) => {
      await client.query(VECTOR_SEARCH_SESSION);
    },
  });
  // An idle client that loses its connection is dropped by the pool; without a listener the
  // 'error' event would crash the process.
  pool.on('error', (error) => options.onIdleClientError?.(error));
  return {
    mode: options.mode ?? 'server',
    ...queryable(pool),
    transaction: async (work) => {
      const client = await pool.connect();
      let brokenConnection: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await work(queryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: Error) => {
          brokenConnection = rollbackError;
        });
        throw error;
      } finally {
        client.release(brokenConnection);
      }
    },
    close: () => pool.end(),
  };
}

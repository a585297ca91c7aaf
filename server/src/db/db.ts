import type { DatabaseMode } from '@blogstream/shared/contract';

export interface QueryResult<Row> {
  rows: Row[];
}

/** What both the database and an open transaction offer. */
export interface Queryable {
  query<Row = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
  ): Promise<QueryResult<Row>>;
  /** Runs a script of one or more statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** The one database interface over both drivers: embedded PGlite and a PostgreSQL pool. */
export interface Db extends Queryable {
  readonly mode: DatabaseMode;
  /** Commits when `work` resolves and rolls back when it throws. Use `tx`, not the Db, inside. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

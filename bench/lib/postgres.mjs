// PostgreSQL for the benches' server-mode columns: the throw-away cluster of
// scripts/postgres-for-tests.sh (TEST_POSTGRES_URL, or started here when the script can), a
// database per bench, and a copy of an embedded corpus into it, so both backends hold the same
// articles and vectors.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { repoRoot } from './paths.mjs';

const server = (path) => import(join(repoRoot, 'server/dist', path));

let cluster;

/**
 * The URL of a PostgreSQL server with pgvector (TEST_POSTGRES_URL, else the cluster that
 * `scripts/postgres-for-tests.sh start` prints), or { skipped: reason } when there is none.
 * BENCH_POSTGRES=0 leaves the PostgreSQL columns out.
 */
export function benchPostgres() {
  if (process.env.BENCH_POSTGRES === '0') return { skipped: 'BENCH_POSTGRES=0' };
  if (process.env.TEST_POSTGRES_URL) return { url: process.env.TEST_POSTGRES_URL };
  if (cluster) return cluster;
  try {
    const output = execFileSync(join(repoRoot, 'scripts/postgres-for-tests.sh'), ['start'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = /TEST_POSTGRES_URL=(\S+)/.exec(output)?.[1];
    cluster = url ? { url } : { skipped: 'scripts/postgres-for-tests.sh printed no URL' };
  } catch (error) {
    const reason = String(error.stderr ?? error.message)
      .trim()
      .split('\n')
      .at(-1);
    cluster = {
      skipped: `no TEST_POSTGRES_URL and scripts/postgres-for-tests.sh failed: ${reason}`,
    };
  }
  // Started here, the cluster runs on for the next bench of the suite: the script reuses it.
  if (cluster.url) process.env.TEST_POSTGRES_URL = cluster.url;
  return cluster;
}

export function databaseUrl(serverUrl, database) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function onMaintenance(serverUrl, work) {
  const client = new pg.Client(databaseUrl(serverUrl, 'postgres'));
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A new database named `name` (replacing one of that name): a copy of `template` when given
 * (a file copy, seconds for 100,000 articles), else empty with `vector`. Resolves with its URL and
 * drop().
 */
export async function createDatabase(serverUrl, name, { template } = {}) {
  await onMaintenance(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  });
  const url = databaseUrl(serverUrl, name);
  if (!template) {
    const client = new pg.Client(url);
    await client.connect();
    await client.query('CREATE EXTENSION IF NOT EXISTS vector');
    await client.end();
  }
  return {
    name,
    url,
    drop: () =>
      onMaintenance(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      ).then(() => undefined),
  };
}

const BATCH = 2000;

/**
 * The tables of the database `db` holds (but schema_migrations, which migrate() keeps), each
 * after every table its foreign keys point to, as read from the catalogue: a table a new
 * migration adds is copied without anyone listing it. A foreign key from a table to itself (an
 * article's story_id names its story's lead article) is left out of the order: its columns are
 * copied in a second pass (`deferred`), once every row they may name is in. Each table comes
 * with its columns (generated ones left out), its primary key and its serial columns.
 */
async function tablesInCopyOrder(db) {
  const { rows: columns } = await db.query(
    `SELECT table_name AS table, column_name AS column,
            coalesce(column_default LIKE 'nextval(%', false) AS serial
       FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND is_generated = 'NEVER'
        AND table_name <> 'schema_migrations'
      ORDER BY table_name, ordinal_position`,
  );
  const { rows: constraints } = await db.query(
    `SELECT conrelid::regclass::text AS table, contype AS kind,
            confrelid::regclass::text AS parent,
            array(SELECT attname FROM pg_attribute
                   WHERE attrelid = conrelid AND attnum = ANY (conkey) ORDER BY attnum)::text[] AS columns
       FROM pg_constraint
      WHERE connamespace = 'public'::regnamespace AND contype IN ('p', 'f')`,
  );
  const tables = new Map();
  for (const { table, column, serial } of columns) {
    if (!tables.has(table)) {
      tables.set(table, {
        name: table,
        columns: [],
        serial: [],
        key: [],
        deferred: [],
        parents: new Set(),
      });
    }
    tables.get(table).columns.push(column);
    if (serial) tables.get(table).serial.push(column);
  }
  for (const constraint of constraints) {
    const table = tables.get(constraint.table);
    if (!table) continue;
    if (constraint.kind === 'p') table.key = constraint.columns;
    else if (constraint.parent === constraint.table) table.deferred.push(...constraint.columns);
    else table.parents.add(constraint.parent);
  }
  const ordered = [];
  const placed = new Set();
  while (placed.size < tables.size) {
    const ready = [...tables.values()].filter(
      (table) =>
        !placed.has(table.name) && [...table.parents].every((parent) => placed.has(parent)),
    );
    if (ready.length === 0) {
      const left = [...tables.keys()].filter((name) => !placed.has(name));
      throw new Error(
        `foreign keys form a cycle between ${left.join(', ')}: no order to copy them in`,
      );
    }
    for (const table of ready) {
      placed.add(table.name);
      ordered.push(table);
    }
  }
  return ordered;
}

/** Reads `select`'s rows from `db` in batches of JSON arrays of row objects (a cursor). */
async function forEachBatch(db, select, work) {
  await db.transaction(async (tx) => {
    await tx.query(`DECLARE copy_rows NO SCROLL CURSOR FOR
                      SELECT row_to_json(t)::text AS row FROM (${select}) t`);
    for (;;) {
      const { rows } = await tx.query(`FETCH ${BATCH} FROM copy_rows`);
      if (rows.length === 0) break;
      await work(`[${rows.map((row) => row.row).join(',')}]`, rows.length);
    }
    await tx.query('CLOSE copy_rows');
  });
}

/** Copies `table`'s rows from `source` into `target`, its self-references second; the row count. */
async function copyTable(source, target, table) {
  const deferred = new Set(table.deferred);
  const firstPass = table.columns.filter((column) => !deferred.has(column)).join(', ');
  let copied = 0;
  await forEachBatch(source, `SELECT ${firstPass} FROM ${table.name}`, async (batch, rows) => {
    await target.query(
      `INSERT INTO ${table.name} (${firstPass})
       SELECT ${firstPass} FROM json_populate_recordset(null::${table.name}, $1::json)`,
      [batch],
    );
    copied += rows;
  });
  if (deferred.size > 0) {
    const keyAndDeferred = [...table.key, ...deferred].join(', ');
    const set = [...deferred].map((column) => `${column} = copied.${column}`).join(', ');
    const sameRow = table.key.map((column) => `t.${column} = copied.${column}`).join(' AND ');
    await forEachBatch(
      source,
      `SELECT ${keyAndDeferred} FROM ${table.name}
        WHERE ${[...deferred].map((column) => `${column} IS NOT NULL`).join(' OR ')}`,
      (batch) =>
        target.query(
          `UPDATE ${table.name} t SET ${set}
             FROM json_populate_recordset(null::${table.name}, $1::json) copied
            WHERE ${sameRow}`,
          [batch],
        ),
    );
  }
  for (const column of table.serial) {
    await target.query(
      `SELECT setval(pg_get_serial_sequence('${table.name}', '${column}'),
                     (SELECT coalesce(max(${column}), 0) + 1 FROM ${table.name}), false)`,
    );
  }
  return copied;
}

/**
 * Migrates the database at `url` and makes it a copy of the embedded data directory `dataDir`:
 * every table the schema holds, emptied and then copied row for row in foreign-key order
 * (tablesInCopyOrder), keeping ids and sequences; then VACUUM ANALYZE. Resolves with the rows
 * copied per table. The embedded database is opened here, so no server may run on `dataDir`.
 */
export async function copyCorpusToPostgres(dataDir, url) {
  const { loadConfig } = await server('config.js');
  const { openDatabase } = await server('db/connection/open.js');
  const { openPgPool } = await server('db/connection/pg-pool.js');
  const { bundledMigrations, migrate } = await server('db/connection/migrations.js');
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const source = await openDatabase(config, () => undefined);
  const target = openPgPool(url, { max: 2 });
  try {
    await migrate(target, await bundledMigrations());
    const tables = await tablesInCopyOrder(source);
    // What the migrations or a server start wrote gives way to the copy.
    await target.query(`TRUNCATE ${tables.map((table) => table.name).join(', ')}`);
    const copied = {};
    for (const table of tables) copied[table.name] = await copyTable(source, target, table);
    // As autovacuum leaves a table some time after a bulk load: statistics and a visibility map
    // (without it every index scan also reads the table's pages).
    await target.query('VACUUM ANALYZE');
    return copied;
  } finally {
    await Promise.all([source.close(), target.close()]);
  }
}

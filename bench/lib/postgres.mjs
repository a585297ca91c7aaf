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

/** Tables copied from an embedded corpus, parents first; the rest stays as the server made it. */
const COPIED = [
  ['sources', 'source_id'],
  ['articles', 'post_id'],
  ['article_embeddings', 'post_id'],
  ['crawl_runs', 'run_id'],
];
const BATCH = 2000;

/**
 * Migrates the database at `url` and copies the corpus of the embedded data directory `dataDir`
 * into it (sources, articles, their vectors, the crawl runs), keeping ids; then VACUUM ANALYZE. The
 * embedded database is opened here, so no server may run on `dataDir`.
 */
export async function copyCorpusToPostgres(dataDir, url) {
  const { loadConfig } = await server('config.js');
  const { openDatabase } = await server('db/open.js');
  const { openPgPool } = await server('db/pg-pool.js');
  const { bundledMigrations, migrate } = await server('db/migrations.js');
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const source = await openDatabase(config, () => undefined);
  const target = openPgPool(url, { max: 2 });
  try {
    await migrate(target, await bundledMigrations());
    const copied = {};
    for (const [table, key] of COPIED) {
      const { rows: columns } = await source.query(
        `SELECT column_name FROM information_schema.columns
          WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER'
          ORDER BY ordinal_position`,
        [table],
      );
      const list = columns.map((column) => column.column_name).join(', ');
      let after = 0;
      copied[table] = 0;
      for (;;) {
        const { rows } = await source.query(
          `SELECT coalesce(json_agg(t), '[]')::text AS batch, max(${key}) AS last, count(*)::int AS n
             FROM (SELECT ${list} FROM ${table} WHERE ${key} > $1 ORDER BY ${key} LIMIT ${BATCH}) t`,
          [after],
        );
        const { batch, last, n } = rows[0];
        if (n === 0) break;
        await target.query(
          `INSERT INTO ${table} (${list})
           SELECT ${list} FROM json_populate_recordset(null::${table}, $1::json)`,
          [batch],
        );
        copied[table] += n;
        after = Number(last);
        if (n < BATCH) break;
      }
      await target.query(
        `SELECT setval(pg_get_serial_sequence('${table}', '${key}'),
                       (SELECT coalesce(max(${key}), 0) + 1 FROM ${table}), false)`,
      );
    }
    // As autovacuum leaves a table some time after a bulk load: statistics and a visibility map
    // (without it every index scan also reads the table's pages).
    await target.query('VACUUM ANALYZE');
    return copied;
  } finally {
    await Promise.all([source.close(), target.close()]);
  }
}

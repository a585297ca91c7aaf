import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';
import type { Db, Queryable } from '../db/db.js';
import { bundledMigrations, migrate, type Migration } from '../db/connection/migrations.js';
import { openPgPool } from '../db/connection/pg-pool.js';
import { IN_MEMORY, openPglite } from '../db/connection/pglite.js';
import { closedIfLate } from './file-end.js';
import { makeTempDir } from './test-config.js';

/**
 * How the server reaches its database in a test: embedded PGlite, `pg` over the wire to PGlite
 * (@electric-sql/pglite-socket), or `pg` to the real PostgreSQL 15 of TEST_POSTGRES_URL.
 */
export type Driver = 'embedded' | 'pg' | 'postgres';

/** A throw-away server from scripts/postgres-for-tests.sh; unset where PostgreSQL is not installed. */
const testPostgresUrl = process.env.TEST_POSTGRES_URL || undefined;

/**
 * The wire driver runs on real PostgreSQL when there is one, on the PGlite socket stand-in only
 * where there is not (docs/decisions/0016-postgres-in-tests.md).
 */
const drivers: Driver[] = ['embedded', testPostgresUrl ? 'postgres' : 'pg'];

const POSTGRES_SKIPPED =
  'skipped: TEST_POSTGRES_URL is unset; eval "$(scripts/postgres-for-tests.sh start)" runs it';

/**
 * `describe.each(drivers)`, plus the postgres driver as a skipped block titled with the reason
 * when there is no PostgreSQL, so a run without it says what it left out.
 */
export function describeEachDriver(title: string, suite: (driver: Driver) => void): void {
  for (const driver of drivers) describe(`${title} (${driver} driver)`, () => suite(driver));
  if (!testPostgresUrl) {
    describe.skip(`${title} (postgres driver, ${POSTGRES_SKIPPED})`, () => suite('postgres'));
  }
}

/** `test` on real PostgreSQL, or skipped with the reason when there is none. */
export function testOnPostgres(name: string, run: (url: string) => Promise<void>): void {
  if (testPostgresUrl) test(`${name} (PostgreSQL 15)`, () => run(testPostgresUrl));
  else test.skip(`${name} (PostgreSQL 15, ${POSTGRES_SKIPPED})`, () => undefined);
}

export interface TestDatabase {
  db: Db;
  /** Where another process reaches it (DATABASE_URL): the wire drivers only. */
  url?: string;
  close(): Promise<void>;
}

const pgliteOptions = { extensions: { vector } };

function queryable(target: PGlite | Transaction): Queryable {
  return {
    query: async <Row>(sql: string, params?: readonly unknown[]) => ({
      rows: (await target.query<Row>(sql, params as unknown[] | undefined)).rows,
    }),
    exec: async (sql) => void (await target.exec(sql)),
  };
}

/** Just enough of a Db over a bare PGlite to migrate the template. */
function rawPgliteDb(pglite: PGlite): Db {
  return {
    mode: 'embedded',
    ...queryable(pglite),
    transaction: (work) => pglite.transaction((tx) => work(queryable(tx))),
    close: () => pglite.close(),
  };
}

function versionOf(migrations: Migration[]): string {
  return createHash('sha256')
    .update(migrations.map((migration) => migration.checksum).join())
    .digest('hex')
    .slice(0, 16);
}

/**
 * A freshly migrated PGlite data directory as a tarball, made once per test run and set of
 * migrations: loading it takes well under a second, creating and migrating one several.
 */
async function migratedTemplate(): Promise<Blob> {
  const migrations = await bundledMigrations();
  const version = versionOf(migrations);
  const root = process.env.BLOGSTREAM_TEST_TMP ?? makeTempDir('template');
  const path = join(root, `pglite-migrated-${version}.tar`);
  if (!existsSync(path)) {
    const pglite = await PGlite.create(IN_MEMORY, pgliteOptions);
    await migrate(rawPgliteDb(pglite), migrations);
    const dump = await pglite.dumpDataDir('none');
    await pglite.close();
    // Written under another name first: a parallel worker never reads half a file.
    const partial = `${path}.${process.pid}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, path);
  }
  return new Blob([await readFile(path)]);
}

function urlOfDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A session on the server's maintenance database, for CREATE and DROP DATABASE. */
async function onMaintenanceDatabase<T>(
  serverUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client(urlOfDatabase(serverUrl, 'postgres'));
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Any fixed number: test processes take turns at making the migrated template. */
const TEMPLATE_LOCK_KEY = 7_406_184_312;

/**
 * The database of TEST_POSTGRES_URL (with `vector`), copied and migrated once per set of
 * migrations and server: every later test database is a copy of it, made in milliseconds.
 */
async function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  const template = `blogstream_migrated_${versionOf(await bundledMigrations())}`;
  await onMaintenanceDatabase(serverUrl, async (client) => {
    await client.query(`SELECT pg_advisory_lock(${TEMPLATE_LOCK_KEY})`);
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (found.rows.length === 0) {
      // Built under another name: a copy is never made of a half-migrated template.
      const building = `${template}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building}`);
      await client.query(`CREATE DATABASE ${building} TEMPLATE ${databaseOf(serverUrl)}`);
      const db = openPgPool(urlOfDatabase(serverUrl, building), { max: 1 });
      await migrate(db, await bundledMigrations()).finally(() => db.close());
      await client.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
    }
    await client.query(`SELECT pg_advisory_unlock(${TEMPLATE_LOCK_KEY})`);
  });
  return template;
}

function databaseOf(serverUrl: string): string {
  return new URL(serverUrl).pathname.slice(1);
}

export interface PostgresTestDatabase {
  /** postgres://... of this database, for DATABASE_URL or a second pool. */
  url: string;
  close(): Promise<void>;
}

/**
 * A database of its own on the server of TEST_POSTGRES_URL, dropped by close(): migrated, or with
 * only the `vector` extension (`migrated: false`) for tests of migrating itself.
 */
export async function createPostgresDatabase(
  serverUrl: string,
  { migrated }: { migrated: boolean },
): Promise<PostgresTestDatabase> {
  const template = migrated ? await migratedPostgresTemplate(serverUrl) : databaseOf(serverUrl);
  const name = `blogstream_test_${randomUUID().replaceAll('-', '')}`;
  await onMaintenanceDatabase(serverUrl, (client) =>
    client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`),
  );
  return {
    url: urlOfDatabase(serverUrl, name),
    close: () =>
      onMaintenanceDatabase(serverUrl, (client) =>
        client.query(`DROP DATABASE ${name} WITH (FORCE)`),
      ).then(() => undefined),
  };
}

/** A migrated, empty database reached by the given driver. */
export async function openTestDatabase(driver: Driver): Promise<TestDatabase> {
  return closedIfLate(await openDatabase(driver));
}

async function openDatabase(driver: Driver): Promise<TestDatabase> {
  if (driver === 'postgres') {
    if (!testPostgresUrl) throw new Error(`The postgres driver is ${POSTGRES_SKIPPED}`);
    const database = await createPostgresDatabase(testPostgresUrl, { migrated: true });
    const db = openPgPool(database.url);
    return {
      db,
      url: database.url,
      close: async () => {
        await db.close();
        await database.close();
      },
    };
  }
  const loadDataDir = await migratedTemplate();
  if (driver === 'embedded') {
    const db = await openPglite(IN_MEMORY, { loadDataDir });
    return { db, close: () => db.close() };
  }
  const pglite = await PGlite.create(IN_MEMORY, { ...pgliteOptions, loadDataDir });
  const socketServer = new PGLiteSocketServer({ db: pglite, port: 0, maxConnections: 12 });
  await socketServer.start();
  const url = `postgres://postgres@${socketServer.getServerConn()}/postgres`;
  const db = openPgPool(url);
  return {
    db,
    url,
    close: async () => {
      await db.close();
      await socketServer.stop();
      await pglite.close();
    },
  };
}

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { Db, Queryable } from '../db/db.js';
import { bundledMigrations, migrate } from '../db/migrations.js';
import { openPgPool } from '../db/pg-pool.js';
import { IN_MEMORY, openPglite } from '../db/pglite.js';
import { makeTempDir } from './test-config.js';

/** The two ways the server reaches its database: embedded PGlite, and `pg` over the wire. */
export type Driver = 'embedded' | 'pg';
export const drivers: Driver[] = ['embedded', 'pg'];

export interface TestDatabase {
  db: Db;
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

/**
 * A freshly migrated PGlite data directory as a tarball, made once per test run and set of
 * migrations: loading it takes well under a second, creating and migrating one several.
 */
async function migratedTemplate(): Promise<Blob> {
  const migrations = await bundledMigrations();
  const version = createHash('sha256')
    .update(migrations.map((migration) => migration.checksum).join())
    .digest('hex')
    .slice(0, 16);
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

/** A migrated, empty database on an in-memory PGlite, reached by the given driver. */
export async function openTestDatabase(driver: Driver): Promise<TestDatabase> {
  const loadDataDir = await migratedTemplate();
  if (driver === 'embedded') {
    const db = await openPglite(IN_MEMORY, { loadDataDir });
    return { db, close: () => db.close() };
  }
  const pglite = await PGlite.create(IN_MEMORY, { ...pgliteOptions, loadDataDir });
  const socketServer = new PGLiteSocketServer({ db: pglite, port: 0, maxConnections: 12 });
  await socketServer.start();
  const db = openPgPool(`postgres://postgres@${socketServer.getServerConn()}/postgres`);
  return {
    db,
    close: async () => {
      await db.close();
      await socketServer.stop();
      await pglite.close();
    },
  };
}

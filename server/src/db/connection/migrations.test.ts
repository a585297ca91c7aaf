import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '../../testing/test-config.js';
import { createPostgresDatabase, testOnPostgres } from '../../testing/test-database.js';
import {
  bundledMigrations,
  migrate,
  MigrationError,
  migrationStatus,
  readMigrations,
  type Migration,
} from './migrations.js';
import { openPgPool } from './pg-pool.js';
import { IN_MEMORY, openPglite, type EmbeddedDb } from './pglite.js';

let db: EmbeddedDb;
let bundled: Migration[];

beforeAll(async () => {
  db = await openPglite(IN_MEMORY);
  bundled = await bundledMigrations();
});

afterAll(() => db.close());

beforeEach(() => db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;'));

function migrationsIn(files: Record<string, string>): Promise<Migration[]> {
  const dir = makeTempDir('migrations');
  for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), sql);
  return readMigrations(dir);
}

const tableExists = async (name: string) =>
  (await db.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [name]))
    .rows[0]?.found;

test('the bundled migrations apply once, enable pgvector and leave nothing pending', async () => {
  expect(await migrationStatus(db, bundled)).toEqual({
    applied: 0,
    pending: bundled.length,
    latest: null,
  });

  expect(await migrate(db, bundled)).toEqual(bundled.map(({ name }) => name));
  expect(await migrate(db, bundled)).toEqual([]);

  expect(await migrationStatus(db, bundled)).toEqual({
    applied: bundled.length,
    pending: 0,
    latest: bundled.at(-1)?.name,
  });
  const distance = await db.query<{ d: number }>("SELECT '[1,2]'::vector <-> '[1,5]'::vector AS d");
  expect(distance.rows).toEqual([{ d: 3 }]);
});

test('a migration added to the code is pending until it is applied', async () => {
  const first = await migrationsIn({ '0001_a.sql': 'CREATE TABLE a (id int);' });
  const both = await migrationsIn({
    '0001_a.sql': 'CREATE TABLE a (id int);',
    '0002_b.sql': 'CREATE TABLE b (id int); CREATE TABLE c (id int);',
  });
  await migrate(db, first);

  expect(await migrationStatus(db, both)).toEqual({ applied: 1, pending: 1, latest: '0001_a' });
  expect(await migrate(db, both)).toEqual(['0002_b']);
  expect(await tableExists('c')).toBe(true);
});

test('a database migrated by a newer build is refused', async () => {
  const newer = await migrationsIn({ '0001_a.sql': 'SELECT 1;', '0002_b.sql': 'SELECT 2;' });
  await migrate(db, newer);

  await expect(migrate(db, newer.slice(0, 1))).rejects.toThrow(
    new MigrationError(
      'The database has migrations this build does not know (0002_b): it was migrated by a ' +
        'newer version. Run that version or restore a backup.',
    ),
  );
});

test('an applied migration whose file was edited is refused', async () => {
  await migrate(db, await migrationsIn({ '0001_a.sql': 'CREATE TABLE a (id int);' }));
  const edited = await migrationsIn({ '0001_a.sql': 'CREATE TABLE a (id bigint);' });

  await expect(migrate(db, edited)).rejects.toThrow(
    /Migrations changed after they were applied \(0001_a\)/,
  );
});

test('a failing migration is rolled back entirely and named in the error', async () => {
  const broken = await migrationsIn({
    '0001_a.sql': 'CREATE TABLE a (id int);',
    '0002_b.sql': 'CREATE TABLE b (id int); SELECT * FROM missing_table;',
  });

  await expect(migrate(db, broken)).rejects.toThrow(/^Migration 0002_b failed: .*missing_table/);
  expect(await tableExists('b')).toBe(false);
  expect(await migrationStatus(db, broken)).toEqual({ applied: 1, pending: 1, latest: '0001_a' });
});

test('processes migrating at the same time apply each migration once', async () => {
  const { port } = await db.listenOnLoopback(0);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const processes = [openPgPool(url, { max: 2 }), openPgPool(url, { max: 2 })];
  const counted = await migrationsIn({
    '0001_counter.sql': 'CREATE TABLE counter (n int); INSERT INTO counter VALUES (1);',
    '0002_more.sql': 'INSERT INTO counter VALUES (2);',
  });
  try {
    const applied = await Promise.all(processes.map((migrator) => migrate(migrator, counted)));

    expect(applied.flat().sort()).toEqual(['0001_counter', '0002_more']);
    expect((await db.query('SELECT n FROM counter ORDER BY n')).rows).toEqual([{ n: 1 }, { n: 2 }]);
  } finally {
    await Promise.all(processes.map((migrator) => migrator.close()));
  }
});

test('migration files must be named NNNN_words.sql with unique numbers', async () => {
  const duplicated = makeTempDir('migrations');
  writeFileSync(join(duplicated, '0001_a.sql'), '');
  writeFileSync(join(duplicated, '0001_b.sql'), '');
  const misnamed = makeTempDir('migrations');
  writeFileSync(join(misnamed, 'add-users.sql'), '');

  await expect(readMigrations(duplicated)).rejects.toThrow('Two migrations are numbered 0001');
  await expect(readMigrations(misnamed)).rejects.toThrow(
    'Migration add-users.sql is not named NNNN_words.sql',
  );
});

testOnPostgres(
  'two processes starting together on PostgreSQL apply the bundled migrations once',
  async (serverUrl) => {
    const database = await createPostgresDatabase(serverUrl, { migrated: false });
    const processes = [openPgPool(database.url, { max: 2 }), openPgPool(database.url, { max: 2 })];
    try {
      const applied = await Promise.all(processes.map((migrator) => migrate(migrator, bundled)));

      expect(applied.flat().sort()).toEqual(bundled.map(({ name }) => name));
      expect(await migrationStatus(processes[0]!, bundled)).toEqual({
        applied: bundled.length,
        pending: 0,
        latest: bundled.at(-1)?.name,
      });
    } finally {
      await Promise.all(processes.map((migrator) => migrator.close()));
      await database.close();
    }
  },
);

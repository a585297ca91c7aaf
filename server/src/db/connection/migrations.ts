import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from '../db.js';

/** The numbered, append-only SQL files shipped with this build (copied into dist by the build). */
const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

const FILE_NAME = /^(\d{4})_[a-z0-9_]+\.sql$/;

/** Any fixed number: every process migrating the same database takes this advisory lock. */
const MIGRATION_LOCK_KEY = 7_406_184_311;

const CREATE_MIGRATIONS_TABLE = `
  CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    checksum text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`;

export interface Migration {
  /** The file name without `.sql`, e.g. `0001_init`. */
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrationStatus {
  applied: number;
  pending: number;
  latest: string | null;
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

function checksumOf(sql: string): string {
  return createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');
}

export async function readMigrations(dir: string): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort();
  const numbers = new Set<string>();
  for (const file of files) {
    const number = FILE_NAME.exec(file)?.[1];
    if (!number) throw new MigrationError(`Migration ${file} is not named NNNN_words.sql`);
    if (numbers.has(number)) throw new MigrationError(`Two migrations are numbered ${number}`);
    numbers.add(number);
  }
  return Promise.all(
    files.map(async (file) => {
      const sql = await readFile(join(dir, file), 'utf8');
      return { name: file.slice(0, -'.sql'.length), sql, checksum: checksumOf(sql) };
    }),
  );
}

let bundled: Promise<Migration[]> | undefined;

export function bundledMigrations(): Promise<Migration[]> {
  bundled ??= readMigrations(migrationsDir);
  return bundled;
}

/** name -> checksum of every migration recorded in the database. */
async function recordedMigrations(db: Queryable): Promise<Map<string, string>> {
  const table = await db.query<{ exists: boolean }>(
    `SELECT to_regclass('schema_migrations') IS NOT NULL AS exists`,
  );
  if (!table.rows[0]?.exists) return new Map();
  const { rows } = await db.query<{ name: string; checksum: string }>(
    'SELECT name, checksum FROM schema_migrations ORDER BY name',
  );
  return new Map(rows.map((row) => [row.name, row.checksum]));
}

function checkDatabaseAgainstCode(recorded: Map<string, string>, known: Migration[]): void {
  const knownByName = new Map(known.map((migration) => [migration.name, migration]));
  const unknown = [...recorded.keys()].filter((name) => !knownByName.has(name));
  if (unknown.length > 0) {
    throw new MigrationError(
      `The database has migrations this build does not know (${unknown.join(', ')}): ` +
        'it was migrated by a newer version. Run that version or restore a backup.',
    );
  }
  const edited = [...recorded].filter(
    ([name, checksum]) => knownByName.get(name)?.checksum !== checksum,
  );
  if (edited.length > 0) {
    throw new MigrationError(
      `Migrations changed after they were applied (${edited.map(([name]) => name).join(', ')}): ` +
        'migrations are append-only, add a new one instead.',
    );
  }
}

/** Serialises migrators across processes sharing one PostgreSQL (several web processes starting). */
function underMigrationLock<T>(db: Db, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    return work(tx);
  });
}

/**
 * Applies pending migrations in order, each in its own transaction, and returns their names.
 * Throws MigrationError when the database holds migrations this build does not have.
 */
export async function migrate(db: Db, known: Migration[]): Promise<string[]> {
  const recorded = await underMigrationLock(db, async (tx) => {
    await tx.exec(CREATE_MIGRATIONS_TABLE);
    return recordedMigrations(tx);
  });
  checkDatabaseAgainstCode(recorded, known);

  const appliedNow: string[] = [];
  for (const migration of known.filter(({ name }) => !recorded.has(name))) {
    await underMigrationLock(db, async (tx) => {
      const again = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [
        migration.name,
      ]);
      if (again.rows.length > 0) return; // another process applied it while we waited
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [
        migration.name,
        migration.checksum,
      ]);
      appliedNow.push(migration.name);
    }).catch((error: unknown) => {
      const { message, hint } = error as Error & { hint?: string };
      const reason = hint ? `${message} (${hint})` : message;
      throw new MigrationError(`Migration ${migration.name} failed: ${reason}`, { cause: error });
    });
  }
  return appliedNow;
}

export async function migrationStatus(db: Queryable, known: Migration[]): Promise<MigrationStatus> {
  const recorded = await recordedMigrations(db);
  const names = [...recorded.keys()];
  return {
    applied: names.length,
    pending: known.filter(({ name }) => !recorded.has(name)).length,
    latest: names.at(-1) ?? null,
  };
}

import type { Db } from '../db/db.js';

/**
 * A digest of every table's rows, to prove that a refused request changed nothing: compare the
 * snapshots taken before and after. `except` names tables a refusal may still write (the
 * rate-limit counters count refused attempts too).
 */
export async function snapshotDatabase(
  db: Db,
  except: string[] = [],
): Promise<Record<string, string>> {
  const { rows: tables } = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const digests: Record<string, string> = {};
  for (const { table_name: table } of tables) {
    if (except.includes(table)) continue;
    const { rows } = await db.query<{ digest: string }>(
      `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest
         FROM "${table}" t`,
    );
    digests[table] = rows[0]?.digest ?? '';
  }
  return digests;
}

import type { Queryable } from './db.js';

const PUBLIC_URL = 'public_url';

/** Records the address the web process serves at (it does so at every start). */
export async function recordPublicUrl(db: Queryable, publicUrl: string): Promise<void> {
  await db.query(
    `INSERT INTO settings (key, value) VALUES ($1, $2)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`,
    [PUBLIC_URL, publicUrl],
  );
}

/** The address the web process last recorded, if it has ever started on this database. */
export async function recordedPublicUrl(db: Queryable): Promise<string | undefined> {
  const { rows } = await db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [
    PUBLIC_URL,
  ]);
  return rows[0]?.value;
}

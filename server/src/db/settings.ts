import type { Queryable } from './db.js';

const PUBLIC_URL = 'public_url';
/** The version of the preview rules every stored preview was derived by (ingestion/normalise). */
const PREVIEW_RULES = 'preview_rules_version';

async function recordSetting(db: Queryable, key: string, value: string): Promise<void> {
  await db.query(
    `INSERT INTO settings (key, value) VALUES ($1, $2)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`,
    [key, value],
  );
}

async function recordedSetting(db: Queryable, key: string): Promise<string | undefined> {
  const { rows } = await db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [
    key,
  ]);
  return rows[0]?.value;
}

/** Records the address the web process serves at (it does so at every start). */
export function recordPublicUrl(db: Queryable, publicUrl: string): Promise<void> {
  return recordSetting(db, PUBLIC_URL, publicUrl);
}

/** The address the web process last recorded, if it has ever started on this database. */
export function recordedPublicUrl(db: Queryable): Promise<string | undefined> {
  return recordedSetting(db, PUBLIC_URL);
}

/** Records that every stored preview is derived by the preview rules of `version`. */
export function recordPreviewRules(db: Queryable, version: number): Promise<void> {
  return recordSetting(db, PREVIEW_RULES, String(version));
}

/** The version of the preview rules the stored previews were derived by (0: never recorded). */
export async function recordedPreviewRules(db: Queryable): Promise<number> {
  return Number((await recordedSetting(db, PREVIEW_RULES)) ?? 0);
}

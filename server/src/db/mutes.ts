import type { Mute, MuteKind } from '@blogstream/shared/contract';
import type { Queryable } from './db.js';

/**
 * SQL: a keyword mute's value as a whole-word, case-insensitive pattern (used with ~*). A keyword
 * holds only letters, digits, spaces and + # . ' - (muteKeywordSchema), of which only . and + mean
 * something in a regular expression; the word boundary is any character but a letter, a digit or _.
 */
function keywordPattern(mute: string): string {
  return `'(^|[^[:alnum:]_])' || replace(replace(${mute}.value, '.', '\\.'), '+', '\\+') || '($|[^[:alnum:]_])'`;
}

/**
 * SQL: whether the mute row `mute` hides the article row `article` (which needs source_id,
 * topics, title and description): its source, one of its topics, or a keyword found as a whole word
 * in its title or preview.
 */
export function muteHides(mute: string, article: string): string {
  return `(
      (${mute}.kind = 'source' AND ${mute}.value = ${article}.source_id::text)
      OR (${mute}.kind = 'topic' AND ${mute}.value = ANY(${article}.topics))
      OR (${mute}.kind = 'keyword'
          AND (${article}.title || ' ' || ${article}.description) ~* (${keywordPattern(mute)}))
    )`;
}

/**
 * SQL over the article alias `article` (default `a`): true unless one of the reader's mutes hides
 * it. `reader` is the placeholder of the reader's id (null for a visitor: nothing is muted). A
 * reader has a few mutes, found through the primary key's user_id prefix.
 */
export function notMuted(reader: string, article = 'a'): string {
  return `NOT EXISTS (
      SELECT 1 FROM reader_mutes m WHERE m.user_id = ${reader} AND ${muteHides('m', article)}
    )`;
}

interface MuteRow {
  kind: MuteKind;
  value: string;
  label: string;
  created_at: Date | string;
}

const MUTE_ROWS = `
  SELECT m.kind, COALESCE(s.url_name, m.value) AS value, COALESCE(s.name, m.value) AS label,
         m.created_at
    FROM reader_mutes m
    LEFT JOIN sources s ON s.source_id = CASE WHEN m.kind = 'source' THEN m.value::bigint END
   WHERE m.user_id = $1 AND (m.kind <> 'source' OR s.source_id IS NOT NULL)`;

const toMute = (row: MuteRow): Mute => ({
  kind: row.kind,
  value: row.value,
  label: row.label,
  created_at: new Date(row.created_at).toISOString(),
});

/** The reader's mutes, newest first (a muted source that no longer exists is left out). */
export async function listMutes(db: Queryable, userId: number): Promise<Mute[]> {
  const { rows } = await db.query<MuteRow>(
    `${MUTE_ROWS} ORDER BY m.created_at DESC, m.kind, m.value`,
    [userId],
  );
  return rows.map(toMute);
}

export async function countMutes(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ count: number | string }>(
    'SELECT count(*) AS count FROM reader_mutes WHERE user_id = $1',
    [userId],
  );
  return Number(rows[0]?.count ?? 0);
}

/**
 * What a mute stores: a source's id for a source named by its url name (undefined when there is
 * no such source), the value itself otherwise.
 */
async function storedValue(
  db: Queryable,
  kind: MuteKind,
  value: string,
): Promise<string | undefined> {
  if (kind !== 'source') return value;
  const { rows } = await db.query<{ source_id: string | number }>(
    'SELECT source_id FROM sources WHERE url_name = $1',
    [value],
  );
  return rows[0] === undefined ? undefined : String(rows[0].source_id);
}

/**
 * Adds a mute (a second identical one changes nothing) and answers it; undefined when it names a
 * source that does not exist. Topics and keywords are checked and normalised by the caller.
 */
export async function addMute(
  db: Queryable,
  userId: number,
  kind: MuteKind,
  value: string,
): Promise<Mute | undefined> {
  const stored = await storedValue(db, kind, value);
  if (stored === undefined) return undefined;
  await db.query(
    `INSERT INTO reader_mutes (user_id, kind, value) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, kind, value) DO NOTHING`,
    [userId, kind, stored],
  );
  const { rows } = await db.query<MuteRow>(`${MUTE_ROWS} AND m.kind = $2 AND m.value = $3`, [
    userId,
    kind,
    stored,
  ]);
  return rows[0] && toMute(rows[0]);
}

/** Removes a mute; idempotent. */
export async function removeMute(
  db: Queryable,
  userId: number,
  kind: MuteKind,
  value: string,
): Promise<void> {
  const stored = await storedValue(db, kind, value);
  if (stored === undefined) return;
  await db.query('DELETE FROM reader_mutes WHERE user_id = $1 AND kind = $2 AND value = $3', [
    userId,
    kind,
    stored,
  ]);
}

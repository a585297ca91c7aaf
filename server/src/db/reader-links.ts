import type { Queryable } from './db.js';

/**
 * A table linking a reader to things (user_id, <key>): bookmarks and read_marks to articles,
 * source_follows to sources. `target` names the looked-up thing in the statement.
 */
export interface ReaderLinks {
  table: 'bookmarks' | 'source_follows' | 'read_marks';
  key: 'post_id' | 'source_id';
  /** The table of the things linked to. */
  things: 'articles' | 'sources';
  target: 'article' | 'source';
}

/**
 * Links the reader to a thing or unlinks them; idempotent (a second call changes nothing and
 * succeeds). False when the thing does not exist.
 */
export async function setReaderLink(
  db: Queryable,
  { table, key, things, target }: ReaderLinks,
  userId: number,
  id: number,
  linked: boolean,
): Promise<boolean> {
  const change = linked
    ? `INSERT INTO ${table} (user_id, ${key}) SELECT $1, ${key} FROM ${target}
         ON CONFLICT (user_id, ${key}) DO NOTHING`
    : `DELETE FROM ${table} WHERE user_id = $1 AND ${key} = $2`;
  const { rows } = await db.query<{ found: boolean }>(
    `WITH ${target} AS (SELECT ${key} FROM ${things} WHERE ${key} = $2),
          change AS (${change})
     SELECT EXISTS (SELECT 1 FROM ${target}) AS found`,
    [userId, id],
  );
  return rows[0]?.found === true;
}

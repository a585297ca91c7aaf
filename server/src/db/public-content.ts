import type { Queryable } from './db.js';

/**
 * What the public feeds are read from, in one cheap read: the newest article (a crawl stored
 * one), the newest article write (an article edited, its preview derived again) and the number of
 * sources (one removed with its articles). Equal versions: no such change in between.
 */
export async function publicContentVersion(db: Queryable): Promise<string> {
  // Ordered index reads, not max(): on the embedded database a max() plan costs more (feeds.ts).
  const { rows } = await db.query<{ version: string }>(
    `SELECT concat_ws(':',
       (SELECT post_id FROM articles ORDER BY post_id DESC LIMIT 1),
       (SELECT updated_at FROM articles ORDER BY updated_at DESC LIMIT 1),
       (SELECT count(*) FROM sources)) AS version`,
  );
  return rows[0]?.version ?? '';
}

import type { Queryable } from './db.js';

/**
 * What the public feeds are read from, in one cheap read: the newest article (a crawl stored
 * one), the newest article write (an article edited, its preview derived again) and the number of
 * sources (one removed with its articles). Equal versions: no such change in between.
 */
export async function publicContentVersion(db: Queryable): Promise<string> {
  // Ordered index reads, not max() (feeds.ts), and no text conversion of the time in SQL: on the
  // embedded database either costs several times the reads themselves.
  const { rows } = await db.query<Record<'post' | 'written' | 'sources', unknown>>(
    `SELECT (SELECT post_id FROM articles ORDER BY post_id DESC LIMIT 1) AS post,
            (SELECT updated_at FROM articles ORDER BY updated_at DESC LIMIT 1) AS written,
            (SELECT count(*) FROM sources) AS sources`,
  );
  const { post, written, sources } = rows[0] ?? {};
  const time = written instanceof Date ? written.getTime() : String(written);
  return `${String(post)}:${time}:${String(sources)}`;
}

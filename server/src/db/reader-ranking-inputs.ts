import type { Queryable } from './db.js';
import { publicContentVersion } from './public-content.js';

/**
 * What a ranking of the reader's discover feed reads besides their topics, filter and feedback,
 * in two cheap reads: their mutes, follows and bookmarks (how many, and when the newest was made:
 * a removal changes the count, an addition the newest), Hide read and, while it is on, their read
 * marks; and the public content (publicContentVersion: the newest article, the newest article
 * write, the number of sources). Equal versions: nothing a ranking reads of them changed
 * (docs/decisions/0035, "Since: a reader's ranking kept across scrolls").
 */
export async function readerRankingInputs(db: Queryable, userId: number): Promise<string> {
  // Counts and times as they come: on the embedded database a time converted to text in SQL costs
  // more than the reads (public-content.ts).
  const [{ rows }, content] = await Promise.all([
    db.query<Record<string, unknown>>(
      `WITH hiding AS (SELECT 1 FROM users WHERE user_id = $1 AND hide_read)
       SELECT (SELECT count(*) FROM reader_mutes WHERE user_id = $1) AS mutes,
              (SELECT max(created_at) FROM reader_mutes WHERE user_id = $1) AS muted,
              (SELECT count(*) FROM source_follows WHERE user_id = $1) AS follows,
              (SELECT max(created_at) FROM source_follows WHERE user_id = $1) AS followed,
              (SELECT count(*) FROM bookmarks WHERE user_id = $1) AS bookmarks,
              (SELECT max(created_at) FROM bookmarks WHERE user_id = $1) AS bookmarked,
              (SELECT count(*) FROM read_marks
                WHERE user_id = $1 AND EXISTS (SELECT 1 FROM hiding)) AS hidden_read,
              (SELECT max(read_at) FROM read_marks
                WHERE user_id = $1 AND EXISTS (SELECT 1 FROM hiding)) AS hidden_newest`,
      [userId],
    ),
    publicContentVersion(db),
  ]);
  return `${JSON.stringify(rows[0])}:${content}`;
}

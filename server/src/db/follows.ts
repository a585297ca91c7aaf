import type { Queryable } from './db.js';
import { setReaderLink } from './reader-links.js';

const FOLLOWS = {
  table: 'source_follows',
  key: 'source_id',
  things: 'sources',
  target: 'source',
} as const;

/**
 * Follows or unfollows a source; idempotent (a second call changes nothing and succeeds). False
 * when the source does not exist.
 */
export function setFollowing(
  db: Queryable,
  userId: number,
  sourceId: number,
  following: boolean,
): Promise<boolean> {
  return setReaderLink(db, FOLLOWS, userId, sourceId, following);
}

/** The sources the reader followed at `cutoff` (and still follows). */
export async function followedSourceIds(
  db: Queryable,
  userId: number,
  cutoff: Date,
): Promise<number[]> {
  const { rows } = await db.query<{ source_id: string }>(
    'SELECT source_id FROM source_follows WHERE user_id = $1 AND created_at <= $2',
    [userId, cutoff],
  );
  return rows.map((row) => Number(row.source_id));
}

/** A followed source as an OPML outline describes it. */
export interface FollowedFeed {
  name: string;
  long_name: string;
  feed_url: string;
  site_url: string | null;
}

/** The reader's followed sources that have a feed, by name (the OPML export). */
export async function followedFeeds(db: Queryable, userId: number): Promise<FollowedFeed[]> {
  const { rows } = await db.query<FollowedFeed>(
    `SELECT s.name, s.long_name, s.feed_url, s.site_url
       FROM source_follows f JOIN sources s ON s.source_id = f.source_id
      WHERE f.user_id = $1 AND s.feed_url IS NOT NULL
      ORDER BY lower(s.long_name), s.source_id`,
    [userId],
  );
  return rows;
}

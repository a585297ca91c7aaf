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

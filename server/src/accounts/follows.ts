import type { Queryable } from '../db/db.js';

/**
 * Follows or unfollows a source; idempotent (a second call changes nothing and succeeds). False
 * when the source does not exist.
 */
export async function setFollowing(
  db: Queryable,
  userId: number,
  sourceId: number,
  following: boolean,
): Promise<boolean> {
  const change = following
    ? `INSERT INTO source_follows (user_id, source_id) SELECT $1, source_id FROM source
         ON CONFLICT (user_id, source_id) DO NOTHING`
    : 'DELETE FROM source_follows WHERE user_id = $1 AND source_id = $2';
  const { rows } = await db.query<{ found: boolean }>(
    `WITH source AS (SELECT source_id FROM sources WHERE source_id = $2),
          change AS (${change})
     SELECT EXISTS (SELECT 1 FROM source) AS found`,
    [userId, sourceId],
  );
  return rows[0]?.found === true;
}

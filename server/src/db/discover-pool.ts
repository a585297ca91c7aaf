import type { Article, Genre } from '@blogstream/shared/contract';
import type { Db } from './db.js';
import { newestFirstPage, ofGenre, readerSees, type FeedPage } from './feeds.js';
import { storyShown } from './stories.js';

/** Whose discover feed: articles in these topics or of these followed sources; none: everything. */
export interface PoolAudience {
  topics: readonly string[];
  follows: readonly number[];
  /** Only articles of this genre (the feed's genre pill); null: any. */
  genre: Genre | null;
}

/** An article of the ranked pool, with what the discover ranking scores it by. */
export interface PoolArticle {
  post_id: string | number;
  source_id: string | number;
  /** Null when the article is undated. */
  publishing_date: Date | string | null;
  topic_match: boolean;
  followed: boolean;
  has_description: boolean;
  has_image: boolean;
  has_body: boolean;
  followers: number;
  /** Its story's lead when other blogs have the story too (the ranking shows a story once). */
  story_id: string | number | null;
}

/**
 * The SQL condition of the audience's pool for the reader in placeholder `reader`, with its
 * parameters from $2: a story shows its lead (or the first copy the reader's mutes leave), or a
 * followed blog's copy (the ranking then keeps one of them).
 */
function poolCondition({ topics, follows }: PoolAudience) {
  if (topics.length === 0 && follows.length === 0) {
    return { condition: (reader: string) => storyShown({ reader }), params: [] as unknown[] };
  }
  return {
    condition: (reader: string) => `(a.topics && $2::text[] OR a.source_id = ANY($3::bigint[]))
      AND ${storyShown({ reader, alsoShown: 'a.source_id = ANY($3::bigint[])' })}`,
    params: [topics, follows] as unknown[],
  };
}

/** Whose feed the pool is drawn for: readerSees applies (a visitor's id is null). */
export interface PoolReader {
  userId: number | null;
  /** When the scroll began: articles read before it are hidden when Hide read is on. */
  readBefore: number;
}

/**
 * The audience's newest `size` articles up to `snapshot` that the reader sees, newest first, with
 * their signals.
 */
export async function discoverPool(
  db: Db,
  audience: PoolAudience,
  reader: PoolReader,
  snapshot: number,
  size: number,
): Promise<PoolArticle[]> {
  const { condition, params } = poolCondition(audience);
  const readerParam = params.length + 4;
  const genreParam = readerParam + 2;
  const { rows } = await db.query<PoolArticle>(
    `WITH pool AS (
       SELECT a.post_id, a.source_id, a.publishing_date, a.topics, a.story_id,
              a.description <> '' AS has_description, a.image IS NOT NULL AS has_image,
              length(a.content) > 1500 AS has_body
         FROM articles a
        WHERE a.post_id <= $1 AND ${condition(`$${readerParam}`)}
          AND ${readerSees(`$${readerParam}`, `$${readerParam + 1}`)}
          AND ${ofGenre(`$${genreParam}`)}
        ORDER BY a.publishing_date DESC NULLS LAST, a.post_id DESC
        LIMIT ${size}
     )
     SELECT pool.*, pool.topics && $${params.length + 2}::text[] AS topic_match,
            pool.source_id = ANY($${params.length + 3}::bigint[]) AS followed,
            COALESCE(f.followers, 0)::int AS followers
       FROM pool
       LEFT JOIN (
         SELECT source_id, count(*) AS followers FROM source_follows
          WHERE source_id IN (SELECT DISTINCT source_id FROM pool) GROUP BY source_id
       ) f ON f.source_id = pool.source_id`,
    [
      snapshot,
      ...params,
      audience.topics,
      audience.follows,
      reader.userId,
      new Date(reader.readBefore),
      audience.genre,
    ],
  );
  return rows;
}

/** One page of the audience's articles newest first, for the pages past the ranked pool. */
export function discoverPageAfterPool(
  db: Db,
  audience: PoolAudience,
  userId: number | null,
  page: FeedPage,
): Promise<Article[]> {
  const { condition, params } = poolCondition(audience);
  // newestFirstPage's reader is $1.
  return newestFirstPage(db, condition('$1'), params, userId, page);
}

import type { Article, FeedFilter } from '@blogstream/shared/contract';
import type { Db } from './db.js';
import { FeedQuery } from './feed-query.js';
import { NEWEST_FIRST, newestFirstPage, type FeedPage } from './feeds.js';

/** Whose discover feed: articles in these topics or of these followed sources; none: everything. */
export interface PoolAudience {
  topics: readonly string[];
  follows: readonly number[];
  /** What the feed is narrowed to (its filter); none: every article. */
  filter: FeedFilter;
}

/** An article of the ranked pool, with what the discover ranking scores it by. */
export interface PoolArticle {
  post_id: string | number;
  source_id: string | number;
  /** Null when the article is undated. */
  publishing_date: Date | string | null;
  /** Its topics (the reader's feedback steers by them). */
  topics: string[] | null;
  followed: boolean;
  has_description: boolean;
  has_image: boolean;
  has_body: boolean;
  followers: number;
  /** Its story's lead when other blogs have the story too (the ranking shows a story once). */
  story_id: string | number | null;
}

/**
 * Keeps the audience's pool in `query`: a story shows its lead (or the first copy the reader's
 * mutes leave), or a followed blog's copy (the ranking then keeps one of them).
 */
function inAudience(query: FeedQuery, { topics, follows }: PoolAudience): FeedQuery {
  if (topics.length === 0 && follows.length === 0) return query.storyOnce();
  const followed = `a.source_id = ANY(${query.param(follows)}::bigint[])`;
  return query
    .and(`(a.topics && ${query.param(topics)}::text[] OR ${followed})`)
    .storyOnce(followed);
}

/** Whose feed the pool is drawn for: what they see of it (a visitor's id is null). */
export interface PoolReader {
  userId: number | null;
  /** When the scroll began: articles read before it are hidden when Hide read is on. */
  readBefore: number;
}

/**
 * The newest `size` articles of `query` newest first, with their signals (`follows`: the reader's
 * followed sources). The audience's articles are ordered newest first, and the reader's mutes and
 * a story once (`readerWhere`, a subquery per article) tested in that order only until `size` are
 * kept, not on every article of the audience's topics (OFFSET 0 keeps the planner from testing
 * them before the order; the outer query, one relation under a LIMIT, lets it walk the newest
 * articles' index when that is cheaper).
 */
async function newestWithSignals(
  db: Db,
  query: FeedQuery,
  follows: readonly number[],
  size: number,
): Promise<PoolArticle[]> {
  const { rows } = await db.query<PoolArticle>(
    `WITH pool AS (
       SELECT a.post_id, a.source_id, a.publishing_date, a.topics, a.story_id
         FROM (SELECT a.post_id, a.source_id, a.publishing_date, a.topics, a.story_id, a.title,
                      a.description
                 FROM articles a
                WHERE ${query.articleWhere}
                ${NEWEST_FIRST}
               OFFSET 0) a
        WHERE ${query.readerWhere}
        LIMIT ${size}
     )
     SELECT pool.*,
            d.description <> '' AS has_description, d.image IS NOT NULL AS has_image,
            length(d.content) > 1500 AS has_body,
            pool.source_id = ANY(${query.param(follows)}::bigint[]) AS followed,
            COALESCE(f.followers, 0)::int AS followers
       FROM pool
       JOIN articles d ON d.post_id = pool.post_id
       LEFT JOIN (
         SELECT source_id, count(*) AS followers FROM source_follows
          WHERE source_id IN (SELECT DISTINCT source_id FROM pool) GROUP BY source_id
       ) f ON f.source_id = pool.source_id
      ORDER BY pool.publishing_date DESC NULLS LAST, pool.post_id DESC`,
    query.params,
  );
  return rows;
}

/** The articles up to `snapshot` that the reader sees in the audience's filter. */
function seenUpTo(audience: PoolAudience, reader: PoolReader, snapshot: number): FeedQuery {
  return new FeedQuery(reader.userId)
    .upTo(snapshot)
    .seenByReader(reader.readBefore)
    .filteredBy(audience.filter);
}

/**
 * The audience's newest `size` articles up to `snapshot` that the reader sees, newest first, with
 * their signals.
 */
export function discoverPool(
  db: Db,
  audience: PoolAudience,
  reader: PoolReader,
  snapshot: number,
  size: number,
): Promise<PoolArticle[]> {
  const query = inAudience(seenUpTo(audience, reader, snapshot), audience);
  return newestWithSignals(db, query, audience.follows, size);
}

/**
 * The newest `size` dated articles beyond the audience (neither in its topics nor of a followed
 * source) that the reader sees, newest first, with their signals: the reserve a reader's home
 * feed keeps the source cap with when their own topics and follows hold too few blogs (decision
 * 0036). None for an audience of everything.
 */
export async function discoverReserve(
  db: Db,
  audience: PoolAudience,
  reader: PoolReader,
  snapshot: number,
  size: number,
): Promise<PoolArticle[]> {
  const { topics, follows } = audience;
  if (topics.length === 0 && follows.length === 0) return [];
  const query = seenUpTo(audience, reader, snapshot);
  query
    .and(`NOT coalesce(a.topics && ${query.param(topics)}::text[], false)`)
    .and(`a.source_id <> ALL(${query.param(follows)}::bigint[])`)
    .and('a.publishing_date IS NOT NULL')
    .storyOnce();
  return newestWithSignals(db, query, follows, size);
}

/** One page of the audience's articles newest first, for the pages past the ranked pool. */
export function discoverPageAfterPool(
  db: Db,
  audience: PoolAudience,
  userId: number | null,
  page: FeedPage,
): Promise<Article[]> {
  return newestFirstPage(db, inAudience(new FeedQuery(userId), audience), page);
}

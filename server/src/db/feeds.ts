import type { Article } from '@blogstream/shared/contract';
import { articleSelect, toArticle, type ArticleRow } from './articles.js';
import type { Db } from './db.js';

/**
 * One page of a feed. `snapshot` is the newest post_id the reader's first page saw: later pages
 * count their offset among articles up to it, so articles stored meanwhile (always with higher
 * ids, see upsertArticles) cannot push an article already shown onto the next page.
 */
export interface FeedPage {
  offset: number;
  limit: number;
  snapshot: number;
  /** When the first page was read: ranked feeds score against this time, not the clock. */
  takenAt: number;
}

/** Newest first; post_id breaks ties so the order is total and pages never overlap. */
export const NEWEST_FIRST = 'ORDER BY a.publishing_date DESC NULLS LAST, a.post_id DESC';

/** The newest post_id, the snapshot a first page is read at (0 when there is no article). */
export async function newestPostId(db: Db): Promise<number> {
  const { rows } = await db.query<{ newest: number | null }>(
    'SELECT max(post_id) AS newest FROM articles',
  );
  return rows[0]?.newest ?? 0;
}

/**
 * One page of the articles meeting `condition` (SQL over alias `a`, parameters from $2), newest
 * first, up to the snapshot.
 */
export async function newestFirstPage(
  db: Db,
  condition: string,
  params: unknown[],
  userId: number | null,
  feedPage: FeedPage,
): Promise<Article[]> {
  const first = params.length + 2;
  const { rows } = await db.query<ArticleRow>(
    `${articleSelect('$1')}
      WHERE a.post_id <= $${first} AND ${condition}
      ${NEWEST_FIRST}
      LIMIT $${first + 1} OFFSET $${first + 2}`,
    [userId, ...params, feedPage.snapshot, feedPage.limit, feedPage.offset],
  );
  return rows.map(toArticle);
}

/** Every article, or those in any of `topics` when given. */
export function discoverFeed(
  db: Db,
  userId: number | null,
  topics: string[] | null,
  feedPage: FeedPage,
): Promise<Article[]> {
  return topics && topics.length > 0
    ? newestFirstPage(db, 'a.topics && $2::text[]', [topics], userId, feedPage)
    : newestFirstPage(db, 'TRUE', [], userId, feedPage);
}

export function sourceFeed(
  db: Db,
  sourceId: number,
  userId: number | null,
  feedPage: FeedPage,
): Promise<Article[]> {
  return newestFirstPage(db, 'a.source_id = $2', [sourceId], userId, feedPage);
}

/** Articles of the sources the reader follows. */
export function subscriptionsFeed(db: Db, userId: number, feedPage: FeedPage): Promise<Article[]> {
  return newestFirstPage(
    db,
    'a.source_id IN (SELECT f.source_id FROM source_follows f WHERE f.user_id = $1)',
    [],
    userId,
    feedPage,
  );
}

/** Recent articles that make good demo cards: a description and an image first. */
export async function demoArticles(
  db: Db,
  userId: number | null,
  count: number,
): Promise<Article[]> {
  const { rows } = await db.query<ArticleRow>(
    `${articleSelect('$1')}
      ORDER BY (a.description <> '' AND a.image IS NOT NULL) DESC,
               a.publishing_date DESC NULLS LAST, a.post_id DESC
      LIMIT $2`,
    [userId, count],
  );
  return rows.map(toArticle);
}

export interface NewestMatchesRequest {
  query: string;
  userId: number | null;
  page: FeedPage;
  /** Also matches articles tagged with this topic (a topic page searching its own name). */
  topic?: string;
}

/**
 * Every full-text match, newest first (/search_for_discover_feed, the topic page's "Discover the
 * best ... blogs"): a weighted tsvector per article (title A, description B, body C, migration
 * 0005) queried with websearch_to_tsquery, so quoted phrases, OR and -word work.
 */
export async function newestMatches(
  db: Db,
  { query, userId, page, topic }: NewestMatchesRequest,
): Promise<Article[]> {
  const matches = topic
    ? '(a.search_vector @@ q.query OR a.topics @> ARRAY[$6::text])'
    : 'a.search_vector @@ q.query';
  const { rows } = await db.query<ArticleRow>(
    `${articleSelect('$1')}
      CROSS JOIN websearch_to_tsquery('english', $2) AS q (query)
      WHERE a.post_id <= $3 AND ${matches}
      ${NEWEST_FIRST}
      LIMIT $4 OFFSET $5`,
    [userId, query, page.snapshot, page.limit, page.offset, ...(topic ? [topic] : [])],
  );
  return rows.map(toArticle);
}

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

/** The reader's chosen topics; null and empty both mean none (spec §3). */
export async function readerTopics(db: Db, userId: number): Promise<string[] | null> {
  const { rows } = await db.query<{ topics: string[] | null }>(
    'SELECT topics FROM users WHERE user_id = $1',
    [userId],
  );
  const topics = rows[0]?.topics;
  return topics && topics.length > 0 ? topics : null;
}

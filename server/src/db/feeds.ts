import type { Article, FeedFilter } from '@blogstream/shared/contract';
import { articleSelect, articlesOf, type ArticleRow } from './articles.js';
import type { Db } from './db.js';
import { FeedQuery, narrows } from './feed-query.js';

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
  /** What the feed is narrowed to (the contract's FeedFilter); none: every article. */
  filter?: FeedFilter;
}

/** Newest first; post_id breaks ties so the order is total and pages never overlap. */
export const NEWEST_FIRST = 'ORDER BY a.publishing_date DESC NULLS LAST, a.post_id DESC';

/** The newest post_id, the snapshot a first page is read at (0 when there is no article). */
export async function newestPostId(db: Db): Promise<number> {
  // Not max(post_id): on the embedded database its plan costs 0.7 ms a call against 0.2.
  const { rows } = await db.query<{ post_id: string | number }>(
    'SELECT post_id FROM articles ORDER BY post_id DESC LIMIT 1',
  );
  return Number(rows[0]?.post_id ?? 0);
}

/**
 * SQL ordering a page's articles of `query`, which makes the placeholders it needs; `takenAt` is
 * when the scroll began.
 */
export type PageOrder = (query: FeedQuery, takenAt: Date) => string;

/**
 * One page of the articles `query` keeps (its conditions so far, over alias `a`) in `order`, up to
 * the snapshot, as the reader sees them and narrowed by the page's filter.
 */
export async function orderedPage(
  db: Db,
  query: FeedQuery,
  feedPage: FeedPage,
  order: PageOrder,
): Promise<Article[]> {
  query.upTo(feedPage.snapshot).seenByReader(feedPage.takenAt).filteredBy(feedPage.filter);
  const { rows } = await db.query<ArticleRow>(
    `${articleSelect(query.reader)}
      WHERE ${query.where}
      ${order(query, new Date(feedPage.takenAt))}
      LIMIT ${query.param(feedPage.limit)} OFFSET ${query.param(feedPage.offset)}`,
    query.params,
  );
  return articlesOf(db, rows);
}

/** One page of the articles `query` keeps, newest first (orderedPage). */
export function newestFirstPage(db: Db, query: FeedQuery, feedPage: FeedPage): Promise<Article[]> {
  return orderedPage(db, query, feedPage, () => NEWEST_FIRST);
}

/** Every article, or those in any of `topics` when given; a story once (storyShown). */
export function discoverFeed(
  db: Db,
  userId: number | null,
  topics: string[] | null,
  feedPage: FeedPage,
): Promise<Article[]> {
  const query = new FeedQuery(userId);
  if (topics && topics.length > 0) query.and(`a.topics && ${query.param(topics)}::text[]`);
  return newestFirstPage(db, query.storyOnce(), feedPage);
}

export function sourceFeed(
  db: Db,
  sourceId: number,
  userId: number | null,
  feedPage: FeedPage,
): Promise<Article[]> {
  const query = new FeedQuery(userId);
  return newestFirstPage(db, query.and(`a.source_id = ${query.param(sourceId)}`), feedPage);
}

/** Articles of the sources the reader follows. */
export function subscriptionsFeed(db: Db, userId: number, feedPage: FeedPage): Promise<Article[]> {
  const query = new FeedQuery(userId);
  return newestFirstPage(
    db,
    query.and(
      `a.source_id IN (SELECT f.source_id FROM source_follows f WHERE f.user_id = ${query.reader})`,
    ),
    feedPage,
  );
}

/** The order of the demo cards: recent articles, those with a preview and an image first. */
const DEMO_ORDER = `(a.description <> '' AND a.image IS NOT NULL) DESC,
               a.publishing_date DESC NULLS LAST, a.post_id DESC`;

/** The ids of the `count` articles that make the best demo cards, none the reader muted. */
export async function demoCandidateIds(
  db: Db,
  userId: number | null,
  count: number,
): Promise<number[]> {
  const query = new FeedQuery(userId).notMuted().storyOnce();
  const { rows } = await db.query<{ post_id: number | string }>(
    `SELECT a.post_id FROM articles a
      WHERE ${query.where}
      ORDER BY ${DEMO_ORDER}
      LIMIT ${query.param(count)}`,
    query.params,
  );
  return rows.map((row) => Number(row.post_id));
}

/** What the summary demo is judged by: an article's title, preview and stored text. */
export interface DemoText {
  post_id: number;
  title: string;
  description: string;
  content: string;
}

export async function demoTexts(db: Db, postIds: number[]): Promise<DemoText[]> {
  const { rows } = await db.query<DemoText>(
    'SELECT post_id, title, description, content FROM articles WHERE post_id = ANY($1::bigint[])',
    [postIds],
  );
  return rows.map((row) => ({ ...row, post_id: Number(row.post_id) }));
}

/**
 * Recent articles that make good demo cards, none the reader muted: a description and an image
 * first, and `firstPostId` (the summary demo) before them all.
 */
export async function demoArticles(
  db: Db,
  userId: number | null,
  count: number,
  firstPostId: number | null = null,
): Promise<Article[]> {
  const query = new FeedQuery(userId).notMuted().storyOnce();
  const { rows } = await db.query<ArticleRow>(
    `${articleSelect(query.reader)}
      WHERE ${query.where}
      ORDER BY a.post_id = ${query.param(firstPostId)} DESC NULLS LAST, ${DEMO_ORDER}
      LIMIT ${query.param(count)}`,
    query.params,
  );
  return articlesOf(db, rows);
}

export interface NewestMatchesRequest {
  query: string;
  userId: number | null;
  page: FeedPage;
}

/**
 * Every full-text match (FeedQuery.matching), newest first, a story once
 * (/search_for_discover_feed for words that name no topic; /search while its index loads; a saved
 * search's RSS feed).
 */
export async function newestMatches(
  db: Db,
  { query: words, userId, page }: NewestMatchesRequest,
): Promise<Article[]> {
  return newestFirstPage(db, new FeedQuery(userId).matching(words).storyOnce(), page);
}

/**
 * The ids of `ranked` the reader sees (FeedQuery.seenByReader), narrowed by `filter`, in their
 * order: rankings shared by every reader (search, more-like-this) are cut into pages only after
 * this, so pages stay full. A visitor without a filter sees them all.
 */
export async function visibleToReader(
  db: Db,
  ranked: readonly number[],
  userId: number | null,
  readBefore: number,
  filter: FeedFilter = {},
): Promise<number[]> {
  if ((userId === null && !narrows(filter)) || ranked.length === 0) return [...ranked];
  const query = new FeedQuery(userId);
  query
    .and(`a.post_id = ANY(${query.param(ranked)}::bigint[])`)
    .seenByReader(readBefore)
    .filteredBy(filter);
  const { rows } = await db.query<{ post_id: string | number }>(
    `SELECT a.post_id FROM articles a WHERE ${query.where}`,
    query.params,
  );
  const visible = new Set(rows.map((row) => Number(row.post_id)));
  return ranked.filter((id) => visible.has(id));
}

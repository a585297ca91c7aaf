import type { Article, Genre } from '@blogstream/shared/contract';
import { articleSelect, articlesOf, type ArticleRow } from './articles.js';
import type { Db } from './db.js';
import { notMuted } from './mutes.js';
import { notHiddenAsRead } from './read-marks.js';
import { storyShown } from './stories.js';

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
  /** Only articles of this genre; none: every article. */
  genre?: Genre | null;
}

/** SQL over alias `a`: the article is of the genre in `genre` (a placeholder; null: any). */
export function ofGenre(genre: string): string {
  return `(${genre}::text IS NULL OR a.genre = ${genre})`;
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
 * SQL over the article alias `a`: what a reader's feeds show. Nothing the reader muted, nor,
 * with Hide read on, what they read before `readBefore` (the moment their scroll began).
 * Placeholders: the reader's id (null for a visitor) and the cutoff.
 */
export function readerSees(reader: string, readBefore: string): string {
  return `${notMuted(reader)} AND ${notHiddenAsRead(reader, readBefore)}`;
}

/** SQL ordering a page's articles, given the placeholder of the moment the scroll began. */
export type PageOrder = (takenAt: string) => string;

/**
 * One page of the articles meeting `condition` (SQL over alias `a`, parameters from $2) in
 * `order`, up to the snapshot, as the reader sees them (readerSees).
 */
export async function orderedPage(
  db: Db,
  condition: string,
  params: unknown[],
  userId: number | null,
  feedPage: FeedPage,
  order: PageOrder,
): Promise<Article[]> {
  const first = params.length + 2;
  const takenAt = `$${first + 3}`;
  const { rows } = await db.query<ArticleRow>(
    `${articleSelect('$1')}
      WHERE a.post_id <= $${first} AND ${condition} AND ${readerSees('$1', takenAt)}
        AND ${ofGenre(`$${first + 4}`)}
      ${order(takenAt)}
      LIMIT $${first + 1} OFFSET $${first + 2}`,
    [
      userId,
      ...params,
      feedPage.snapshot,
      feedPage.limit,
      feedPage.offset,
      new Date(feedPage.takenAt),
      feedPage.genre ?? null,
    ],
  );
  return articlesOf(db, rows);
}

/** One page of the articles meeting `condition`, newest first (orderedPage). */
export function newestFirstPage(
  db: Db,
  condition: string,
  params: unknown[],
  userId: number | null,
  feedPage: FeedPage,
): Promise<Article[]> {
  return orderedPage(db, condition, params, userId, feedPage, () => NEWEST_FIRST);
}

/** Every article, or those in any of `topics` when given; a story once (storyShown). */
export function discoverFeed(
  db: Db,
  userId: number | null,
  topics: string[] | null,
  feedPage: FeedPage,
): Promise<Article[]> {
  return topics && topics.length > 0
    ? newestFirstPage(
        db,
        `a.topics && $2::text[] AND ${storyShown({ reader: '$1' })}`,
        [topics],
        userId,
        feedPage,
      )
    : newestFirstPage(db, storyShown({ reader: '$1' }), [], userId, feedPage);
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

/** The order of the demo cards: recent articles, those with a preview and an image first. */
const DEMO_ORDER = `(a.description <> '' AND a.image IS NOT NULL) DESC,
               a.publishing_date DESC NULLS LAST, a.post_id DESC`;

/** The ids of the `count` articles that make the best demo cards, none the reader muted. */
export async function demoCandidateIds(
  db: Db,
  userId: number | null,
  count: number,
): Promise<number[]> {
  const { rows } = await db.query<{ post_id: number | string }>(
    `SELECT a.post_id FROM articles a
      WHERE ${notMuted('$1')} AND ${storyShown({ reader: '$1' })}
      ORDER BY ${DEMO_ORDER}
      LIMIT $2`,
    [userId, count],
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
  const { rows } = await db.query<ArticleRow>(
    `${articleSelect('$1')}
      WHERE ${notMuted('$1')} AND ${storyShown({ reader: '$1' })}
      ORDER BY a.post_id = $3 DESC NULLS LAST, ${DEMO_ORDER}
      LIMIT $2`,
    [userId, count, firstPostId],
  );
  return articlesOf(db, rows);
}

export interface NewestMatchesRequest {
  query: string;
  userId: number | null;
  page: FeedPage;
}

/**
 * Every full-text match, newest first, a story once (/search_for_discover_feed for words that
 * name no topic; /search while its index loads): a weighted tsvector per article (title A,
 * description B, body C, migration 0005) queried with websearch_to_tsquery, so quoted phrases, OR
 * and -word work.
 */
export async function newestMatches(
  db: Db,
  { query, userId, page }: NewestMatchesRequest,
): Promise<Article[]> {
  const { rows } = await db.query<ArticleRow>(
    `${articleSelect('$1')}
      CROSS JOIN websearch_to_tsquery('english', $2) AS q (query)
      WHERE a.post_id <= $3 AND a.search_vector @@ q.query AND ${storyShown({ reader: '$1' })}
        AND ${readerSees('$1', '$6')} AND ${ofGenre('$7')}
      ${NEWEST_FIRST}
      LIMIT $4 OFFSET $5`,
    [
      userId,
      query,
      page.snapshot,
      page.limit,
      page.offset,
      new Date(page.takenAt),
      page.genre ?? null,
    ],
  );
  return articlesOf(db, rows);
}

/**
 * The ids of `ranked` the reader sees (readerSees), of `genre` when one is asked for, in their
 * order: rankings shared by every reader (search, more-like-this) are cut into pages only after
 * this, so pages stay full. A visitor without a genre filter sees them all.
 */
export async function visibleToReader(
  db: Db,
  ranked: readonly number[],
  userId: number | null,
  readBefore: number,
  genre: Genre | null = null,
): Promise<number[]> {
  if ((userId === null && genre === null) || ranked.length === 0) return [...ranked];
  const { rows } = await db.query<{ post_id: string | number }>(
    `SELECT a.post_id FROM articles a
      WHERE a.post_id = ANY($2::bigint[]) AND ${readerSees('$1', '$3')} AND ${ofGenre('$4')}`,
    [userId, ranked, new Date(readBefore), genre],
  );
  const visible = new Set(rows.map((row) => Number(row.post_id)));
  return ranked.filter((id) => visible.has(id));
}

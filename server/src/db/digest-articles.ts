import type { Queryable } from './db.js';
import { FeedQuery } from './feed-query.js';
import { storyShown } from './stories.js';

/** A new article of the week, with what ranking needs. */
export interface CandidateArticle {
  postId: number;
  sourceId: number;
  sourceName: string;
  title: string;
  link: string;
  description: string;
  publishingDate: Date;
  topics: ReadonlySet<string>;
  /** Readers who bookmarked it or put it in a collection. */
  saves: number;
  /** The reader-independent part of the score: how saved and how recent it is. */
  baseScore: number;
}

/**
 * What a reader reads: topics (users.topics) and followed sources (source_follows), and which
 * candidates their mutes hide (reader_mutes, matched in SQL as the feeds match them).
 */
export interface ReaderInterests {
  topics: readonly string[];
  followedSourceIds: ReadonlySet<number>;
  mutedPostIds?: ReadonlySet<number>;
}

export interface SelectionLimits {
  maxArticles: number;
  maxPerSource: number;
}

export const DEFAULT_SELECTION: SelectionLimits = { maxArticles: 10, maxPerSource: 3 };

/** At most this many new articles are ranked per run (a normal week has far fewer). */
const MAX_CANDIDATES = 20_000;
/** An article first stored this week but published longer ago than this before `since` is old news. */
const LATE_DISCOVERY_DAYS = 7;

interface CandidateRow {
  post_id: number | string;
  source_id: number | string;
  source_name: string;
  title: string;
  link: string;
  description: string;
  publishing_date: Date | string;
  topics: string[] | null;
  saves: number | string;
}

const CANDIDATE_COLUMNS = `a.post_id, a.source_id, s.name AS source_name, a.title, a.link,
            a.description, a.publishing_date, a.topics,
            (SELECT count(*) FROM bookmarks b WHERE b.post_id = a.post_id) +
            (SELECT count(*) FROM collection_articles c WHERE c.post_id = a.post_id) AS saves`;

/** A candidate of the window [since, until): its score counts its saves and how recent it is. */
function toCandidate(row: CandidateRow, since: Date, until: Date): CandidateArticle {
  const span = Math.max(until.getTime() - since.getTime(), 1);
  const publishingDate = new Date(row.publishing_date);
  const saves = Number(row.saves);
  // 0 (a week old or older) to 1 (just published).
  const recency = Math.min(Math.max(1 - (until.getTime() - publishingDate.getTime()) / span, 0), 1);
  return {
    postId: Number(row.post_id),
    sourceId: Number(row.source_id),
    sourceName: row.source_name,
    title: row.title,
    link: row.link,
    description: row.description,
    publishingDate,
    topics: new Set(row.topics ?? []),
    saves,
    baseScore: 1.5 * Math.log1p(saves) + recency,
  };
}

/**
 * The week's new articles: first stored in [since, until) (so an article found late still comes
 * once) and published at most a week before `since` (so a new source's back catalogue does not),
 * a story once (storyShown).
 */
export async function loadCandidates(
  db: Queryable,
  since: Date,
  until: Date,
): Promise<CandidateArticle[]> {
  const query = new FeedQuery();
  const from = query.param(since.toISOString());
  const to = query.param(until.toISOString());
  const lateDays = query.param(LATE_DISCOVERY_DAYS);
  query
    .and(`a.created_at >= ${from} AND a.created_at < ${to}`)
    .and(`a.publishing_date >= ${from}::timestamptz - make_interval(days => ${lateDays})`)
    .and(`a.publishing_date < ${to}::timestamptz + interval '1 day'`)
    .and(storyShown());
  const limit = query.param(MAX_CANDIDATES);
  const { rows } = await db.query<CandidateRow>(
    `SELECT ${CANDIDATE_COLUMNS}
       FROM articles a JOIN sources s ON s.source_id = a.source_id
      WHERE ${query.where}
      ORDER BY a.publishing_date DESC, a.post_id DESC
      LIMIT ${limit}`,
    query.params,
  );
  return rows.map((row) => toCandidate(row, since, until));
}

/** The articles of `postIds` as a mail lists them, in that order (a saved search's alert). */
export async function articlesForMail(
  db: Queryable,
  postIds: readonly number[],
): Promise<CandidateArticle[]> {
  const { rows } = await db.query<CandidateRow>(
    `SELECT ${CANDIDATE_COLUMNS}
       FROM articles a JOIN sources s ON s.source_id = a.source_id
      WHERE a.post_id = ANY($1::bigint[]) AND a.publishing_date IS NOT NULL`,
    [postIds],
  );
  const now = new Date();
  const byId = new Map(rows.map((row) => [Number(row.post_id), toCandidate(row, now, now)]));
  return postIds.flatMap((postId) => byId.get(postId) ?? []);
}

/** Followed source first, then the number of the reader's topics it is about (up to 3). */
function relevance(article: CandidateArticle, reader: ReaderInterests): number {
  let matches = 0;
  for (const topic of reader.topics) if (article.topics.has(topic)) matches += 1;
  const followed = reader.followedSourceIds.has(article.sourceId);
  if (!followed && matches === 0) return 0;
  return (followed ? 3 : 0) + Math.min(matches, 3);
}

/**
 * The reader's digest: the articles of their topics and followed sources that they did not mute,
 * best first (relevance
 * plus how saved and how recent), at most `maxPerSource` of one source and `maxArticles` in all.
 */
export function pickArticles(
  candidates: readonly CandidateArticle[],
  reader: ReaderInterests,
  limits: SelectionLimits = DEFAULT_SELECTION,
): CandidateArticle[] {
  const scored: { article: CandidateArticle; score: number }[] = [];
  for (const article of candidates) {
    if (reader.mutedPostIds?.has(article.postId)) continue;
    const score = relevance(article, reader);
    if (score > 0) scored.push({ article, score: score + article.baseScore });
  }
  return bestOf(scored, limits);
}

/**
 * The best of scored articles (ties: newest first), at most `maxPerSource` of one source and
 * `maxArticles` in all: every digest's selection (readers', topics', collections').
 */
export function bestOf(
  scored: { article: CandidateArticle; score: number }[],
  limits: SelectionLimits = DEFAULT_SELECTION,
): CandidateArticle[] {
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      b.article.publishingDate.getTime() - a.article.publishingDate.getTime() ||
      b.article.postId - a.article.postId,
  );
  const perSource = new Map<number, number>();
  const picked: CandidateArticle[] = [];
  for (const { article } of scored) {
    if (picked.length >= limits.maxArticles) break;
    const count = perSource.get(article.sourceId) ?? 0;
    if (count >= limits.maxPerSource) continue;
    perSource.set(article.sourceId, count + 1);
    picked.push(article);
  }
  return picked;
}

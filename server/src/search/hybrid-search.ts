import type { Article } from '@blogstream/shared/contract';
import { articleSelect, toArticle, type ArticleRow } from '../db/articles.js';
import type { Db } from '../db/db.js';
import type { FeedPage } from '../db/feeds.js';
import type { TextEmbedder } from '../embeddings/embedder.js';
import type { RankingCache } from './ranking-cache.js';
import type { VectorIndex } from './vector-index.js';

/** How many candidates each leg contributes to the fusion; also the deepest page search serves. */
export const SEARCH_DEPTH = 300;

export interface FusionWeights {
  fullText: number;
  vector: number;
  /** Reciprocal-rank-fusion constant: larger flattens the head of each list. */
  k: number;
}

export interface SemanticSearch {
  embedder: TextEmbedder;
  index: VectorIndex;
}

/**
 * The full-text leg: PostgreSQL full text with websearch syntax (quotes, OR, -word) over the
 * weighted title/description/body vector. Every word must match first; when that finds few
 * articles (questions in plain language rarely match every word) the same words are tried with
 * OR, ranked below the full matches. A query using the syntax itself is taken as written.
 */
export async function fullTextLeg(
  db: Db,
  query: string,
  snapshot: number,
  depth: number,
): Promise<number[]> {
  const usesSyntax = /"|(^|\s)-\S|\bor\b/i.test(query);
  const { rows } = await db.query<{ post_id: string | number }>(
    `WITH q AS (
       SELECT websearch_to_tsquery('english', $1) AS strict
     ), loose AS (
       SELECT strict,
              CASE WHEN $4 THEN strict
                   ELSE replace(strict::text, ' & ', ' | ')::tsquery END AS any_word
         FROM q
     )
     SELECT a.post_id
       FROM articles a, loose
      WHERE a.post_id <= $2 AND a.search_vector @@ loose.any_word
      ORDER BY (a.search_vector @@ loose.strict) DESC,
               ts_rank_cd(a.search_vector, loose.any_word, 1) DESC,
               a.publishing_date DESC, a.post_id DESC
      LIMIT $3`,
    [query, snapshot, depth, usesSyntax],
  );
  return rows.map((row) => Number(row.post_id));
}

export async function vectorLeg(
  semantic: SemanticSearch,
  query: string,
  snapshot: number,
  depth: number,
): Promise<number[]> {
  const [vector] = await semantic.embedder.embed([query], 'query');
  if (!vector || vector.every((value) => value === 0)) return [];
  await semantic.index.ready();
  return semantic.index
    .nearest(vector, depth, (postId) => postId <= snapshot)
    .map((neighbour) => neighbour.postId);
}

/** Weighted reciprocal rank fusion: each list adds weight / (k + rank) to an article's score. */
export function fuseRankings(
  fullText: readonly number[],
  vector: readonly number[],
  weights: FusionWeights,
): number[] {
  const scores = new Map<number, number>();
  const add = (ids: readonly number[], weight: number) =>
    ids.forEach((id, rank) =>
      scores.set(id, (scores.get(id) ?? 0) + weight / (weights.k + rank + 1)),
    );
  add(fullText, weights.fullText);
  add(vector, weights.vector);
  return [...scores.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]).map(([id]) => id);
}

/** The articles of `ids`, in that order (ids no longer stored are left out). */
export async function articlesInOrder(
  db: Db,
  ids: readonly number[],
  userId: number | null,
): Promise<Article[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<ArticleRow>(
    `${articleSelect('$1')} WHERE a.post_id = ANY($2::bigint[])`,
    [userId, ids],
  );
  const byId = new Map(rows.map((row) => [Number(row.post_id), toArticle(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * What a ranking over the articles up to `snapshot` depends on besides its query: the snapshot and
 * the vectors searched (their model and the index's version). Part of every cached ranking's key.
 */
export function rankingBasis(semantic: SemanticSearch | null, snapshot: number): string {
  return semantic
    ? `${snapshot}:${semantic.embedder.model}:${semantic.index.version}`
    : `${snapshot}:text`;
}

export interface RankedSearchOptions {
  db: Db;
  /** Null: full text only (no embedding model available). */
  semantic: () => Promise<SemanticSearch | null>;
  weights: FusionWeights;
  /** Fused rankings, kept so later pages (and repeated queries) are not ranked again. */
  rankings: RankingCache<number[]>;
}

/** Best match first: the full-text and vector legs fused, then one page of the fused list. */
export async function rankedSearch(
  { db, semantic, weights, rankings }: RankedSearchOptions,
  query: string,
  userId: number | null,
  page: FeedPage,
): Promise<Article[]> {
  if (page.offset >= SEARCH_DEPTH) return [];
  const model = await semantic();
  // Loaded before the key is made: the index version is part of it.
  await model?.index.ready();
  const key = `search:${rankingBasis(model, page.snapshot)}:${query}`;
  const fused = await rankings.get(key, async () => {
    const [fullText, vector] = await Promise.all([
      fullTextLeg(db, query, page.snapshot, SEARCH_DEPTH),
      model ? vectorLeg(model, query, page.snapshot, SEARCH_DEPTH) : Promise.resolve([]),
    ]);
    return fuseRankings(fullText, vector, weights).slice(0, SEARCH_DEPTH);
  });
  return articlesInOrder(db, fused.slice(page.offset, page.offset + page.limit), userId);
}

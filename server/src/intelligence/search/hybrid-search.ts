import type { Article } from '@blogstream/shared/contract';
import { readsAsQuestion } from '@blogstream/shared/lib';
import { articlesInOrder } from '../../db/articles.js';
import type { Db } from '../../db/db.js';
import { visibleToReader, type FeedPage } from '../../db/feeds.js';
import { oneCardPerStory } from '../../db/stories.js';
import { normalise, type TextEmbedder } from '../embeddings/embedder.js';
import { expansionText, expansionWords } from './expansion/expand-query.js';
import type { LexicalParameters, LexicalHit } from './lexical/inverted-index.js';
import type { LexicalIndex } from './lexical/lexical-index.js';
import { queryWords } from './lexical/search-terms.js';
import { SEARCH_WAIT_MS } from './index-freshness.js';
import type { RankingCache } from './ranking-cache.js';
import type { Neighbour, VectorIndex } from './vector-index.js';

/** How many candidates each leg contributes to the fusion; also the deepest page search serves. */
export const SEARCH_DEPTH = 300;

/**
 * How the two legs' scores are combined: fused = (1 - w) * bm25 / best bm25 + w * dense, where
 * dense = (cosine - sharedWordFloor) / (1 - sharedWordFloor) for the dense leg's matches.
 */
export interface FusionWeights {
  /** w when some article contains every word of the query: the words are precise, trust them. */
  denseWhenAllMatch: number;
  /** w when none does (a question in other words than the articles'): meaning counts more. */
  denseOtherwise: number;
  /**
   * w for a question (isQuestion), whatever the words match: its words are the asker's, not the
   * articles', and the sentence model reads it whole (docs/decisions/0030).
   */
  denseForQuestions: number;
  /** Cosine similarity from which an article matches the query by meaning alone. */
  similarityFloor: number;
  /**
   * A lower similarity from which an article that contains a word of the query matches too: two
   * weak signals that agree. At most `similarityFloor`; below it an article is no dense match.
   */
  sharedWordFloor: number;
  /**
   * The lexical strength (LexicalHit) below which an article matches by its words only when it
   * is also at least `sharedWordFloor` similar: a rare word mentioned once in passing ("in a
   * vacuum") does not make an article about it.
   */
  passingMention: number;
}

/**
 * How much the technical wording of a query's everyday words (expansion/, decision 0033) counts,
 * against 1 for the query's own words; 0 leaves a leg without it.
 */
export interface ExpansionWeights {
  /** Each added word's share of a query word's BM25F score. */
  lexical: number;
  /** The added words' embedding, added to the query's before the dense leg's scan. */
  dense: number;
}

export interface SearchTuning {
  lexical: LexicalParameters;
  /**
   * The lexical leg's fallback coverage (LexicalParameters) for a question (isQuestion): its
   * words are the asker's, and the article that answers it shares fewer of them
   * (docs/decisions/0033, Since).
   */
  questionCoverage: number;
  fusion: FusionWeights;
  expansion: ExpansionWeights;
}

/** The lexical leg's parameters for a query: a question's own fallback coverage. */
export function lexicalParameters(tuning: SearchTuning, question: boolean): LexicalParameters {
  return question
    ? { ...tuning.lexical, fallbackCoverage: tuning.questionCoverage }
    : tuning.lexical;
}

export interface SemanticSearch {
  embedder: TextEmbedder;
  index: VectorIndex;
}

/**
 * The lexical leg: BM25F over title, preview, body and source name; articles with every word
 * first (AND), then those covering enough of the query (the fallback). The technical words of its
 * everyday wording (`expansionWeight` > 0) rank up the articles that use them.
 */
export function lexicalLeg(
  index: LexicalIndex,
  query: string,
  snapshot: number,
  depth: number,
  parameters: LexicalParameters,
  expansionWeight = 0,
): LexicalHit[] {
  const expansion = expansionWeight > 0 ? expansionWords(query, expansionWeight) : [];
  return index.search([...queryWords(query), ...expansion], parameters, depth, (postId) => {
    return postId <= snapshot;
  });
}

/**
 * The query's embedding, moved towards the technical wording of its everyday words by
 * `expansionWeight` (both unit length before they are added). Null when no word of the query is
 * known to the model: the expansion alone does not make a query.
 */
export async function queryVector(
  embedder: TextEmbedder,
  query: string,
  expansionWeight = 0,
): Promise<Float32Array | null> {
  const expansion = expansionWeight > 0 ? expansionText(query) : '';
  const [vector, added] = await embedder.embed(expansion ? [query, expansion] : [query], 'query');
  if (!vector || vector.every((value) => value === 0)) return null;
  if (!added) return vector;
  return normalise(vector.map((value, at) => value + expansionWeight * added[at]!));
}

/**
 * The dense leg's candidates: articles whose embedding is at least `floor` similar to the query's
 * (queryVector), best first (denseMatches keeps the ones that match).
 */
export async function denseLeg(
  semantic: SemanticSearch,
  query: string,
  snapshot: number,
  depth: number,
  floor: number,
  expansionWeight = 0,
): Promise<Neighbour[]> {
  const vector = await queryVector(semantic.embedder, query, expansionWeight);
  if (!vector) return [];
  await semantic.index.ready();
  return semantic.index.nearest(vector, depth, { snapshot }, floor);
}

/** Which of the dense candidates contain at least one word of the query. */
export function candidatesSharingAWord(
  index: LexicalIndex,
  query: string,
  candidates: readonly Neighbour[],
  parameters: LexicalParameters,
): Set<number> {
  if (candidates.length === 0) return new Set();
  const ids = new Set(candidates.map((candidate) => candidate.postId));
  const anyWord = { ...parameters, fallbackCoverage: 0 };
  const hits = index.search(queryWords(query), anyWord, ids.size, (postId) => ids.has(postId));
  return new Set(hits.map((hit) => hit.id));
}

/**
 * The dense leg's matches (see FusionWeights): similar enough by meaning alone, or less similar
 * but sharing a word with the query.
 */
export function denseMatches(
  candidates: readonly Neighbour[],
  sharingAWord: ReadonlySet<number>,
  fusion: FusionWeights,
): Neighbour[] {
  return candidates.filter(
    ({ postId, similarity }) =>
      similarity >= fusion.similarityFloor ||
      (similarity >= fusion.sharedWordFloor && sharingAWord.has(postId)),
  );
}

/**
 * The lexical hits that count: strong enough by their words, or passing mentions in an article
 * also close in meaning (one of the dense leg's candidates).
 */
export function lexicalMatches(
  lexical: readonly LexicalHit[],
  candidates: readonly Neighbour[],
  fusion: FusionWeights,
): LexicalHit[] {
  const close = new Set(
    candidates
      .filter((candidate) => candidate.similarity >= fusion.sharedWordFloor)
      .map((candidate) => candidate.postId),
  );
  return lexical.filter((hit) => hit.strength >= fusion.passingMention || close.has(hit.id));
}

/** Whether a query is asked as a question: a question word first, or a question mark last. */
export const isQuestion = readsAsQuestion;

/**
 * Score fusion of the two legs (see FusionWeights); ties go to the newer article. A query with no
 * lexical hit and no article above the similarity floor finds nothing.
 */
export function fuseLegs(
  lexical: readonly LexicalHit[],
  dense: readonly Neighbour[],
  fusion: FusionWeights,
  { question }: { question: boolean },
): number[] {
  const weight = question
    ? fusion.denseForQuestions
    : lexical.some((hit) => hit.matchedAll)
      ? fusion.denseWhenAllMatch
      : fusion.denseOtherwise;
  const bestScore = Math.max(0, ...lexical.map((hit) => hit.score)) || 1;
  const scores = new Map<number, number>();
  for (const hit of lexical) scores.set(hit.id, ((1 - weight) * hit.score) / bestScore);
  for (const { postId, similarity } of dense) {
    const closeness = (similarity - fusion.sharedWordFloor) / (1 - fusion.sharedWordFloor);
    scores.set(postId, (scores.get(postId) ?? 0) + weight * Math.max(0, closeness));
  }
  return [...scores.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]).map(([id]) => id);
}

export interface SearchIndexes {
  lexical: LexicalIndex;
  /** Null: lexical only (no embedding model available). */
  semantic: SemanticSearch | null;
}

/**
 * What a ranking over the articles up to `snapshot` depends on besides its query: the snapshot and
 * the indexes searched (the embedding model and each index's version). Part of every cached key.
 */
export function rankingBasis({ lexical, semantic }: SearchIndexes, snapshot: number): string {
  const dense = semantic ? `${semantic.embedder.model}:${semantic.index.version}` : 'none';
  return `${snapshot}:${lexical.version}:${dense}`;
}

/**
 * Both indexes, loaded: rankings are keyed by their versions, so they load before the key is made.
 * A vector index not ready within `denseWaitMs` is left out (a first start reads every vector).
 */
export async function readyIndexes(
  lexical: LexicalIndex,
  semantic: () => Promise<SemanticSearch | null>,
  denseWaitMs = Infinity,
): Promise<SearchIndexes> {
  const model = await semantic();
  const [, dense] = await Promise.all([lexical.ready(), model?.index.readyWithin(denseWaitMs)]);
  return { lexical, semantic: dense ? model : null };
}

export interface RankedSearchOptions {
  db: Db;
  lexical: LexicalIndex;
  /** Null: lexical only (no embedding model available). */
  semantic: () => Promise<SemanticSearch | null>;
  tuning: SearchTuning;
  /** Fused rankings, kept so later pages (and repeated queries) are not ranked again. */
  rankings: RankingCache<number[]>;
}

/** The fused ranking of a query over the articles up to `snapshot`. */
export async function hybridRanking(
  indexes: SearchIndexes,
  tuning: SearchTuning,
  query: string,
  snapshot: number,
): Promise<number[]> {
  const { lexical, fusion, expansion } = tuning;
  const question = isQuestion(query);
  const words = lexicalLeg(
    indexes.lexical,
    query,
    snapshot,
    SEARCH_DEPTH,
    lexicalParameters(tuning, question),
    expansion.lexical,
  );
  const candidates = indexes.semantic
    ? await denseLeg(
        indexes.semantic,
        query,
        snapshot,
        SEARCH_DEPTH,
        fusion.sharedWordFloor,
        expansion.dense,
      )
    : [];
  const sharing = candidatesSharingAWord(indexes.lexical, query, candidates, lexical);
  const dense = denseMatches(candidates, sharing, fusion);
  // Without a model nothing can confirm a passing mention: every lexical hit counts.
  const matches = indexes.semantic ? lexicalMatches(words, candidates, fusion) : words;
  return fuseLegs(matches, dense, fusion, { question }).slice(0, SEARCH_DEPTH);
}

/**
 * Best match first: the lexical and dense legs fused, less what the reader muted or hides as read,
 * then one page of that list.
 */
export async function rankedSearch(
  { db, lexical, semantic, tuning, rankings }: RankedSearchOptions,
  query: string,
  userId: number | null,
  page: FeedPage,
): Promise<Article[]> {
  if (page.offset >= SEARCH_DEPTH) return [];
  const indexes = await readyIndexes(lexical, semantic, SEARCH_WAIT_MS);
  const key = `search:${rankingBasis(indexes, page.snapshot)}:${query}`;
  const fused = await rankings.forScroll(
    `search-scroll:${page.snapshot}.${page.takenAt}:${query}`,
    page.offset === 0,
    key,
    async () => oneCardPerStory(db, await hybridRanking(indexes, tuning, query, page.snapshot)),
  );
  const visible = await visibleToReader(db, fused, userId, page.takenAt, page.filter);
  return articlesInOrder(db, visible.slice(page.offset, page.offset + page.limit), userId);
}

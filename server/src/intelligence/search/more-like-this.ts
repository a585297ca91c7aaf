import type { Article } from '@blogstream/shared/contract';
import { articlesInOrder } from '../../db/articles.js';
import type { Db } from '../../db/db.js';
import { visibleToReader, type FeedPage } from '../../db/feeds.js';
import { articleEmbedding } from '../../db/article-vectors.js';
import {
  articleSourcesAndTitles,
  seedArticle,
  type SourceArticle,
} from '../../db/search-index-rows.js';
import { articleEmbeddingText } from '../embeddings/article-text.js';
import {
  readyIndexes,
  rankingBasis,
  type SearchIndexes,
  type SemanticSearch,
} from './hybrid-search.js';
import type { LexicalHit, LexicalParameters } from './lexical/inverted-index.js';
import { searchTerms, type QueryWord } from './lexical/search-terms.js';
import type { LexicalIndex } from './lexical/lexical-index.js';
import type { RankingCache } from './ranking-cache.js';
import type { Neighbour } from './vector-index.js';
import { SEARCH_TUNING } from './search-weights.js';

/** Neighbours considered; pages beyond what they fill end the feed. */
const CANDIDATES = 400;
/** Terms of the article that make up its lexical query. */
const QUERY_TERMS = 25;
/**
 * How more like this ranks: by meaning, words only in support (docs/decisions/0030, 0041). An
 * article is a candidate only when its embedding is at least `similarityFloor` similar to the
 * seed's; its score is that similarity times `denseWeight` plus the rest times its share of the
 * seed's distinctive terms (BM25F, relative to the best candidate's), the terms of the seed's
 * title weighing `titleWeight` in that query. So no shared word, however rare, makes an article
 * similar on its own, and of two equally close articles the one sharing more of the seed's
 * subject comes first.
 */
export interface SimilarFusion {
  similarityFloor: number;
  denseWeight: number;
  titleWeight: number;
}

/**
 * Chosen by 5-fold cross-validation on the judged set of the search-quality bench with the
 * default (words) model (docs/decisions/0041; the sentence model's folds chose a floor of 0.3,
 * decision 0030).
 */
export const SIMILAR_FUSION: SimilarFusion = {
  similarityFloor: 0.2,
  denseWeight: 0,
  titleWeight: 4,
};

/**
 * The article's distinctive terms are scored as a search's words among the candidates, which
 * rank up by how much they share. Its source's name is left out: sharing a blog is not
 * sharing a subject.
 */
export const SIMILAR_LEXICAL: LexicalParameters = {
  ...SEARCH_TUNING.lexical,
  weights: { ...SEARCH_TUNING.lexical.weights, source: 0 },
  fallbackCoverage: 0,
};
/** An article this similar to the seed is the same text again (a repost, a copy): left out. */
const NEAR_DUPLICATE = 0.95;
/** Within one page, no source shows more than this many similar articles. */
export const MAX_PER_SOURCE_PER_PAGE = 3;

interface Candidate {
  postId: number;
  sourceId: number;
  titleKey: string;
  /** Its story's lead when other blogs have the story too. */
  storyId: number | null;
}

/** Titles compared loosely: reposts of one post (aggregators, syndication) count as one. */
const titleKey = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

async function candidatesOf(db: Db, ids: readonly number[]): Promise<Candidate[]> {
  const byId = await articleSourcesAndTitles(db, ids);
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [
          {
            postId: id,
            sourceId: row.sourceId,
            titleKey: titleKey(row.title),
            storyId: row.storyId,
          },
        ]
      : [];
  });
}

/**
 * Lays the similar articles out in pages of `pageSize`: the article itself first, then the most
 * similar ones, each page taking at most MAX_PER_SOURCE_PER_PAGE from one source (an article
 * held back goes to a later page), with reposts of one title shown once. The first page that
 * cannot be filled is the last. The layout depends only
 * on the candidate order, so every page request sees the same pages and none repeats an article.
 */
export function layOutPages(
  self: Candidate,
  ranked: readonly Candidate[],
  pageSize: number,
): number[] {
  // A copy of a story already laid out (by title, or clustered as one story) is left out.
  const copyKeys = (candidate: Candidate) =>
    candidate.storyId === null
      ? [candidate.titleKey]
      : [candidate.titleKey, `story ${candidate.storyId}`];
  const seen = new Set(copyKeys(self));
  const remaining = ranked.filter((candidate) => {
    const keys = copyKeys(candidate);
    if (candidate.postId === self.postId || keys.some((key) => seen.has(key))) return false;
    keys.forEach((key) => seen.add(key));
    return true;
  });
  const laidOut = [self.postId];
  for (let page = 0; remaining.length > 0; page += 1) {
    const perSource = new Map<number, number>();
    const pageStart = laidOut.length;
    let room = page === 0 ? pageSize - 1 : pageSize;
    for (let index = 0; index < remaining.length && room > 0;) {
      const candidate = remaining[index]!;
      const shown = perSource.get(candidate.sourceId) ?? 0;
      if (shown < MAX_PER_SOURCE_PER_PAGE) {
        perSource.set(candidate.sourceId, shown + 1);
        laidOut.push(candidate.postId);
        remaining.splice(index, 1);
        room -= 1;
      } else {
        index += 1;
      }
    }
    // A short page ends the feed for the client, so nothing may follow it.
    if (laidOut.length - pageStart < (page === 0 ? pageSize - 1 : pageSize)) break;
  }
  return laidOut;
}

async function articleVector(
  db: Db,
  { embedder, index }: SemanticSearch,
  article: SourceArticle,
): Promise<Float32Array> {
  const postId = Number(article.post_id);
  return (
    (await index.vectorsOf([postId])).get(postId) ??
    (await articleEmbedding(db, embedder.model, postId)) ??
    (
      await embedder.embed(
        [articleEmbeddingText({ ...article, sourceName: article.source_name })],
        'document',
      )
    )[0]!
  );
}

/**
 * The words of a query that are terms of `title` weigh `titleWeight`: a title names its
 * article's subject ("gRPC" in "Futures and gRPC in Rust"), its body also what is around it.
 */
export function weighTitleTerms(
  words: readonly QueryWord[],
  title: string,
  titleWeight: number,
): QueryWord[] {
  const titleTerms = new Set(searchTerms(title));
  return words.map((word) =>
    titleTerms.has(word.terms[0]!) ? { ...word, weight: titleWeight } : word,
  );
}

/** The seed's most distinctive terms (tf-idf), its lexical query, its title's terms weighed up. */
export function seedTerms(
  lexical: LexicalIndex,
  article: SourceArticle,
  titleWeight = SIMILAR_FUSION.titleWeight,
): QueryWord[] {
  const texts = {
    title: article.title,
    description: article.description,
    body: article.content,
    source: article.source_name,
  };
  const words = lexical.distinctiveWords(texts, SIMILAR_LEXICAL, QUERY_TERMS);
  return weighTitleTerms(words, article.title, titleWeight);
}

/**
 * More like this's ranking (see SimilarFusion) of the seed's neighbours above the floor and the
 * lexical hits among them; ties (with `denseWeight` 0, the neighbours sharing none of the seed's
 * terms) go to the closer article, then the newer.
 */
export function fuseByMeaning(
  neighbours: readonly Neighbour[],
  lexicalHits: readonly LexicalHit[],
  fusion: SimilarFusion,
): number[] {
  const bestScore = Math.max(0, ...lexicalHits.map((hit) => hit.score)) || 1;
  const shared = new Map(lexicalHits.map((hit) => [hit.id, hit.score / bestScore]));
  const scores = neighbours
    .filter(({ similarity }) => similarity >= fusion.similarityFloor)
    .map(({ postId, similarity }) => {
      const words = shared.get(postId) ?? 0;
      const score = similarity * (fusion.denseWeight + (1 - fusion.denseWeight) * words);
      return { postId, similarity, score };
    });
  return scores
    .sort((a, b) => b.score - a.score || b.similarity - a.similarity || b.postId - a.postId)
    .map(({ postId }) => postId);
}

/**
 * The articles most like `article`: its embedding's neighbours above the floor, ranked with the
 * BM25F scores of its most distinctive terms among them (fuseByMeaning), near-duplicates of it
 * left out. Without an embedding model (an embeddings API down), or before its neighbours are
 * embedded, the BM25F search alone.
 */
export async function similarArticles(
  db: Db,
  { lexical, semantic }: SearchIndexes,
  article: SourceArticle,
  snapshot: number,
  fusion: SimilarFusion = SIMILAR_FUSION,
): Promise<number[]> {
  const postId = Number(article.post_id);
  const words = seedTerms(lexical, article, fusion.titleWeight);
  const byWordsAlone = () => {
    const accept = (id: number) => id !== postId && id <= snapshot;
    return lexical.search(words, SIMILAR_LEXICAL, CANDIDATES, accept).map((hit) => hit.id);
  };
  if (!semantic) return byWordsAlone();
  const neighbours = await semantic.index.nearest(
    await articleVector(db, semantic, article),
    CANDIDATES,
    { snapshot, exclude: postId },
    fusion.similarityFloor,
  );
  // No neighbour at all: the articles around it are not embedded yet (a first start, a new
  // model), so words are all there is to go by, as without a model.
  if (neighbours.length === 0) return byWordsAlone();
  const candidates = new Set(neighbours.map((one) => one.postId));
  const lexicalHits = lexical.search(words, SIMILAR_LEXICAL, candidates.size, (id) =>
    candidates.has(id),
  );
  const duplicates = new Set(
    neighbours.filter((one) => one.similarity >= NEAR_DUPLICATE).map((one) => one.postId),
  );
  return fuseByMeaning(neighbours, lexicalHits, fusion).filter((id) => !duplicates.has(id));
}

export interface MoreLikeThisOptions {
  db: Db;
  lexical: LexicalIndex;
  semantic: () => Promise<SemanticSearch | null>;
  /** Every page of one article's layout is laid out at once and kept here. */
  layouts: RankingCache<number[]>;
}

/**
 * /more_like_this: the article itself, then the articles most like it (similarArticles), laid out
 * in pages, less what the reader muted or hides as read (the article itself stays: the reader
 * asked for it, and has usually just read it). Null: no such article.
 */
export async function moreLikeThis(
  { db, lexical, semantic, layouts }: MoreLikeThisOptions,
  postId: number,
  userId: number | null,
  page: FeedPage,
): Promise<Article[] | null> {
  const article = await seedArticle(db, postId);
  if (!article) return null;
  const indexes = await readyIndexes(lexical, semantic);
  const key = `similar:${rankingBasis(indexes, page.snapshot)}:${postId}:${page.limit}`;
  const scrollKey = `similar-scroll:${page.snapshot}.${page.takenAt}:${postId}:${page.limit}`;
  const laidOut = await layouts.forScroll(scrollKey, page.offset === 0, key, async () => {
    const similar = await similarArticles(db, indexes, article, page.snapshot);
    const ranked = await candidatesOf(db, similar);
    const [self] = await candidatesOf(db, [postId]);
    return self ? layOutPages(self, ranked, page.limit) : [postId];
  });
  const [self, ...similar] = laidOut;
  const visible = [self!, ...(await visibleToReader(db, similar, userId, page.takenAt))];
  return articlesInOrder(db, visible.slice(page.offset, page.offset + page.limit), userId);
}

import type { Article } from '@blogstream/shared/contract';
import type { Db } from '../db/db.js';
import type { FeedPage } from '../db/feeds.js';
import { articleEmbedding } from '../embeddings/article-vectors.js';
import { articleEmbeddingText } from '../embeddings/article-text.js';
import {
  articlesInOrder,
  fullTextLeg,
  rankingBasis,
  type SemanticSearch,
} from './hybrid-search.js';
import type { RankingCache } from './ranking-cache.js';

/** Neighbours considered; pages beyond what they fill end the feed. */
const CANDIDATES = 400;
/** Within one page, no source shows more than this many similar articles. */
export const MAX_PER_SOURCE_PER_PAGE = 3;

interface Candidate {
  postId: number;
  sourceId: number;
  titleKey: string;
}

interface SourceArticle {
  post_id: string | number;
  source_id: string | number;
  title: string;
  description: string;
  content: string;
  source_name: string;
}

/** Titles compared loosely: reposts of one post (aggregators, syndication) count as one. */
const titleKey = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

async function candidatesOf(db: Db, ids: readonly number[]): Promise<Candidate[]> {
  const { rows } = await db.query<{ post_id: string; source_id: string; title: string }>(
    'SELECT post_id, source_id, title FROM articles WHERE post_id = ANY($1::bigint[])',
    [ids],
  );
  const byId = new Map(rows.map((row) => [Number(row.post_id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [{ postId: id, sourceId: Number(row.source_id), titleKey: titleKey(row.title) }]
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
  const seenTitles = new Set([self.titleKey]);
  const remaining = ranked.filter((candidate) => {
    if (candidate.postId === self.postId || seenTitles.has(candidate.titleKey)) return false;
    seenTitles.add(candidate.titleKey);
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

async function similarIds(
  db: Db,
  semantic: SemanticSearch | null,
  article: SourceArticle,
  snapshot: number,
): Promise<number[]> {
  const postId = Number(article.post_id);
  if (!semantic) return fullTextLeg(db, article.title, snapshot, CANDIDATES);
  const { embedder, index } = semantic;
  const vector =
    index.vectorOf(postId) ??
    (await articleEmbedding(db, embedder.model, postId)) ??
    (
      await embedder.embed(
        [articleEmbeddingText({ ...article, sourceName: article.source_name })],
        'document',
      )
    )[0]!;
  return index
    .nearest(vector, CANDIDATES, (id) => id !== postId && id <= snapshot)
    .map((neighbour) => neighbour.postId);
}

/**
 * /more_like_this: the article itself, then the articles most similar to it by embedding
 * (by full text of its title when no embedding model is available). Null: no such article.
 * Every page of one article's layout is laid out at once and kept in `layouts`.
 */
export async function moreLikeThis(
  db: Db,
  semantic: SemanticSearch | null,
  layouts: RankingCache<number[]>,
  postId: number,
  userId: number | null,
  page: FeedPage,
): Promise<Article[] | null> {
  const { rows } = await db.query<SourceArticle>(
    `SELECT a.post_id, a.source_id, a.title, a.description, left(a.content, 4000) AS content,
            s.name AS source_name
       FROM articles a JOIN sources s ON s.source_id = a.source_id
      WHERE a.post_id = $1`,
    [postId],
  );
  const article = rows[0];
  if (!article) return null;
  // Loaded before the key is made: the index version is part of it.
  await semantic?.index.ready();
  const key = `similar:${rankingBasis(semantic, page.snapshot)}:${postId}:${page.limit}`;
  const laidOut = await layouts.get(key, async () => {
    const ranked = await candidatesOf(db, await similarIds(db, semantic, article, page.snapshot));
    const self = { postId, sourceId: Number(article.source_id), titleKey: titleKey(article.title) };
    return layOutPages(self, ranked, page.limit);
  });
  return articlesInOrder(db, laidOut.slice(page.offset, page.offset + page.limit), userId);
}

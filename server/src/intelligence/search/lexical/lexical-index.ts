import type { Queryable } from '../../../db/db.js';
import {
  allArticleIds,
  articleCount,
  articlesChangedSince,
  indexedArticles,
  indexedArticlesAfter,
  newestArticleChange,
  type IndexedArticle,
} from '../../../db/search-index-rows.js';
import {
  InvertedIndex,
  type LexicalParameters,
  type FieldTexts,
  type LexicalHit,
} from './inverted-index.js';
import type { QueryWord } from './search-terms.js';
import { FollowingIndex, yieldToRequests } from '../index-freshness.js';

const LOAD_BATCH = 200;
/** The delta segment is merged once it holds this many postings, or an eighth of the main one. */
const MIN_MERGE_POSTINGS = 50_000;
/**
 * While everything loads, the delta is sealed into a segment of its own every million postings
 * or so: nothing sealed is copied again, so the load allocates the postings about once.
 */
const SEAL_WHILE_LOADING = 1_000_000;

/**
 * The BM25F index of every article's title, preview, body and source name, held in this process
 * (about 115 MiB per 100,000 articles). Each web process keeps its own and follows the database:
 * it loads every article, then on each refresh the articles changed since (by updated_at, which
 * every article write sets), and reconciles by id when its count disagrees with the table's
 * (articles deleted, or written behind the watermark).
 */
export class LexicalIndex extends FollowingIndex {
  private readonly index = new InvertedIndex();
  private readonly indexedAt = new Map<number, string>();
  private watermark: string | null = null;

  constructor(private readonly db: Queryable) {
    super();
  }

  get count(): number {
    return this.index.size;
  }

  /** Whether an article was written after the newest one indexed (an index-only query). */
  protected override async hasNewRows(): Promise<boolean> {
    if (this.watermark === null) return true;
    const newest = await newestArticleChange(this.db);
    return newest !== null && newest > this.watermark;
  }

  search(
    words: readonly QueryWord[],
    parameters: LexicalParameters,
    depth: number,
    accept?: (postId: number) => boolean,
  ): LexicalHit[] {
    return this.index.search(words, parameters, depth, accept);
  }

  /** The terms that set an article's text apart, as query words (more like this). */
  distinctiveWords(texts: FieldTexts, parameters: LexicalParameters, max: number): QueryWord[] {
    return this.index
      .distinctiveTerms(texts, parameters.weights, max)
      .map((term) => ({ terms: [term], prefix: false, excluded: false }));
  }

  protected async load(): Promise<void> {
    if (this.watermark === null) await this.loadAll();
    else await this.loadChanged();
    if ((await articleCount(this.db)) !== this.index.size) await this.reconcile();
    if (this.index.pendingPostings > Math.max(MIN_MERGE_POSTINGS, this.index.postingCount / 8)) {
      this.index.merge();
    }
  }

  /** Every article, in post_id order; the watermark is read first, so nothing falls between. */
  private async loadAll(): Promise<void> {
    const newest = await newestArticleChange(this.db);
    let after = 0;
    for (;;) {
      const rows = await indexedArticlesAfter(this.db, after, LOAD_BATCH);
      this.put(rows);
      if (rows.length < LOAD_BATCH) break;
      after = Number(rows.at(-1)!.post_id);
      if (this.index.pendingPostings > SEAL_WHILE_LOADING) this.index.seal();
      await yieldToRequests();
    }
    this.index.seal();
    this.watermark = newest ?? '-infinity';
  }

  /** Articles changed since the watermark (less the late-commit window) and not yet indexed as such. */
  private async loadChanged(): Promise<void> {
    const rows = await articlesChangedSince(this.db, this.watermark!);
    const changed = rows
      .filter((row) => this.indexedAt.get(Number(row.post_id)) !== row.updated_at)
      .map((row) => Number(row.post_id));
    await this.loadArticles(changed);
    for (const row of rows) {
      if (row.updated_at > this.watermark!) this.watermark = row.updated_at;
    }
  }

  /** Drops articles no longer stored and loads stored ones the index lacks. */
  private async reconcile(): Promise<void> {
    const stored = new Set(await allArticleIds(this.db));
    for (const postId of [...this.index.indexedIds()]) {
      if (stored.has(postId)) continue;
      this.index.remove(postId);
      this.indexedAt.delete(postId);
      this.changes += 1;
    }
    await this.loadArticles([...stored].filter((postId) => !this.index.has(postId)));
  }

  private async loadArticles(postIds: readonly number[]): Promise<void> {
    for (let start = 0; start < postIds.length; start += LOAD_BATCH) {
      if (start > 0) await yieldToRequests();
      this.put(await indexedArticles(this.db, postIds.slice(start, start + LOAD_BATCH)));
    }
  }

  private put(rows: readonly IndexedArticle[]): void {
    for (const row of rows) {
      const postId = Number(row.post_id);
      this.index.add(postId, {
        title: row.title,
        description: row.description,
        body: row.content,
        source: row.source_name,
      });
      this.indexedAt.set(postId, row.updated_at);
      this.changes += 1;
    }
  }
}

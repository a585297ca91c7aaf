import type { Queryable } from '../../db/db.js';
import {
  InvertedIndex,
  type LexicalParameters,
  type FieldTexts,
  type LexicalHit,
} from './inverted-index.js';
import type { QueryWord } from './search-terms.js';
import { IndexRefresher } from '../index-freshness.js';

/** Characters of an article's body that are indexed: bounds memory and load time per article. */
export const MAX_INDEXED_BODY = 8_000;
const LOAD_BATCH = 500;
/**
 * Rows changed this long before the newest change seen are read again on every refresh: a
 * transaction that began earlier but committed later still gets its articles indexed.
 */
const LATE_COMMIT_WINDOW = '5 minutes';
/** The delta segment is merged once it holds this many postings, or an eighth of the main one. */
const MIN_MERGE_POSTINGS = 50_000;

interface ArticleRow {
  post_id: string | number;
  title: string;
  description: string;
  content: string;
  source_name: string;
  updated_at: string;
}

const ARTICLE_TEXT = `
  SELECT a.post_id, a.title, a.description, left(a.content, ${MAX_INDEXED_BODY}) AS content,
         s.name AS source_name, a.updated_at::text AS updated_at
    FROM articles a JOIN sources s ON s.source_id = a.source_id`;

/**
 * The BM25F index of every article's title, preview, body and source name, held in this process
 * (about 60 MB per 100,000 articles). Each web process keeps its own and follows the database:
 * it loads every article, then on each refresh the articles changed since (by updated_at, which
 * every article write sets), and reconciles by id when its count disagrees with the table's
 * (articles deleted, or written behind the watermark).
 */
export class LexicalIndex {
  private readonly index = new InvertedIndex();
  private readonly indexedAt = new Map<number, string>();
  private watermark: string | null = null;
  private changes = 0;
  private readonly refresher = new IndexRefresher(
    () => this.load(),
    () => this.hasNewRows(),
  );

  constructor(private readonly db: Queryable) {}

  get count(): number {
    return this.index.size;
  }

  /** Changes whenever an article is added, replaced or dropped: rankings cached under it stay true. */
  get version(): number {
    return this.changes;
  }

  /** Loads what changed since the last refresh; concurrent callers share one refresh. */
  refresh(): Promise<void> {
    return this.refresher.refresh();
  }

  /**
   * Loaded, and refreshed when stale (IndexRefresher): an article stored since the last refresh
   * is found by the next search, whichever process stored it.
   */
  ready(): Promise<void> {
    return this.refresher.ready();
  }

  /** Whether an article was written after the newest one indexed (an index-only query). */
  private async hasNewRows(): Promise<boolean> {
    if (this.watermark === null) return true;
    const { rows } = await this.db.query<{ newest: string | null }>(
      'SELECT max(updated_at)::text AS newest FROM articles',
    );
    const newest = rows[0]?.newest;
    return newest !== null && newest !== undefined && newest > this.watermark;
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

  private async load(): Promise<void> {
    if (this.watermark === null) await this.loadAll();
    else await this.loadChanged();
    const { rows } = await this.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM articles',
    );
    if ((rows[0]?.count ?? 0) !== this.index.size) await this.reconcile();
    if (this.index.pendingPostings > Math.max(MIN_MERGE_POSTINGS, this.index.postingCount / 8)) {
      this.index.merge();
    }
  }

  /** Every article, in post_id order; the watermark is read first, so nothing falls between. */
  private async loadAll(): Promise<void> {
    const { rows: newest } = await this.db.query<{ updated_at: string | null }>(
      'SELECT max(updated_at)::text AS updated_at FROM articles',
    );
    let after = 0;
    for (;;) {
      const { rows } = await this.db.query<ArticleRow>(
        `${ARTICLE_TEXT} WHERE a.post_id > $1 ORDER BY a.post_id LIMIT ${LOAD_BATCH}`,
        [after],
      );
      this.put(rows);
      if (rows.length < LOAD_BATCH) break;
      after = Number(rows.at(-1)!.post_id);
      if (this.index.pendingPostings > MIN_MERGE_POSTINGS * 20) this.index.merge();
    }
    this.watermark = newest[0]?.updated_at ?? '-infinity';
  }

  /** Articles changed since the watermark (less the late-commit window) and not yet indexed as such. */
  private async loadChanged(): Promise<void> {
    const { rows } = await this.db.query<{ post_id: string | number; updated_at: string }>(
      `SELECT post_id, updated_at::text AS updated_at FROM articles
        WHERE updated_at > $1::timestamptz - interval '${LATE_COMMIT_WINDOW}'`,
      [this.watermark],
    );
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
    const { rows } = await this.db.query<{ post_id: string | number }>(
      'SELECT post_id FROM articles',
    );
    const stored = new Set(rows.map((row) => Number(row.post_id)));
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
      const { rows } = await this.db.query<ArticleRow>(
        `${ARTICLE_TEXT} WHERE a.post_id = ANY($1::bigint[])`,
        [postIds.slice(start, start + LOAD_BATCH)],
      );
      this.put(rows);
    }
  }

  private put(rows: readonly ArticleRow[]): void {
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

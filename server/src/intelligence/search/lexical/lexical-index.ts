import type { Queryable } from '../../../db/db.js';
import {
  allArticleIds,
  articleChangeAgeAfter,
  articleCount,
  articlesChangedSince,
  databaseIdentity,
  databaseNow,
  indexedArticles,
  indexedArticlesAfter,
  newestArticleChange,
  type IndexedArticle,
} from '../../../db/search-index-rows.js';
import { keysetBatches } from '../../../lib/keyset-batches.js';
import type { Log } from '../../../lib/log.js';
import {
  InvertedIndex,
  type InvertedIndexHeader,
  type LexicalParameters,
  type FieldTexts,
  type LexicalHit,
} from './inverted-index.js';
import { writeSnapshot, type Snapshot } from '../index-snapshot.js';
import { searchTerms, type QueryWord } from './search-terms.js';
import { FollowingIndex, yieldToRequests, type SnapshotWrite } from '../index-freshness.js';
import { MAX_PASSAGES, articlePassages, passageId } from '../../ask/passages.js';

const LOAD_BATCH = 200;
/** The delta segment is merged once it holds this many postings, or an eighth of the main one. */
const MIN_MERGE_POSTINGS = 50_000;
/**
 * While everything loads, the delta is sealed into a segment of its own every million postings
 * or so: nothing sealed is copied again until the segments are merged into one at the end.
 */
const SEAL_WHILE_LOADING = 1_000_000;

/** Bump when the snapshot's layout or what the index holds per article changes. */
const SNAPSHOT_VERSION = 2;
/** The passage index's sections in the snapshot are named with this before their own names. */
const PASSAGE_SECTIONS = 'passages.';
/**
 * The terms of this text are saved with a snapshot: when the analyser (search-terms.ts) now
 * reads it differently, the snapshot's terms are not what a search looks for, and it is rebuilt.
 */
const ANALYSER_PROBE =
  "Rust's async runtimes: migrating 3.12.1 Node.js services to C++ and C# at Zürich, profiling it";

interface LexicalSnapshotHeader {
  index: InvertedIndexHeader;
  passages: InvertedIndexHeader;
  /** The newest article change the snapshot covers. */
  watermark: string;
  /** When the articles it covers were read (the database's clock): where the catch-up starts. */
  readAt: string;
  /** The database it was built from (databaseIdentity): another one's articles are others. */
  database: string | null;
  analyser: string;
  indexedAt: [number, string][];
}

export interface LexicalIndexOptions {
  /**
   * The file the index is saved to after it is built, after each merge and by flush(), and
   * restored from at start (the embedded database: in DATA_DIR, decision 0024).
   */
  snapshotFile?: string;
  log?: Pick<Log, 'info' | 'warn'>;
}

/**
 * The BM25F index of every article's title, preview, body and source name, held in this process
 * (about 45 MiB per 100,000 articles), and beside it the index of the articles' passages (a few
 * sentences each, with their article's title and source name: what questions are answered from,
 * docs/decisions/0038). Each web process keeps its own and follows the database:
 * it loads every article (or restores its snapshot, then catches up), then on each refresh the
 * articles changed since (by updated_at, which every article write sets), and reconciles by id
 * when its count disagrees with the table's (articles deleted, or written behind the watermark).
 */
export class LexicalIndex extends FollowingIndex {
  private index = new InvertedIndex();
  private passages = new InvertedIndex();
  /** updated_at of the articles indexed that are still inside the late-commit window. */
  private indexedAt = new Map<number, string>();
  /** The newest change indexed: a newer one in the table makes a search wait for a refresh. */
  private watermark: string | null = null;
  /** When the last read of the articles began: the next reads what changed since (less a window). */
  private readAt = '-infinity';

  constructor(
    private readonly db: Queryable,
    private readonly options: LexicalIndexOptions = {},
  ) {
    super(options.log);
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

  /** The best passages for the words, by passage id (passages.ts: passageOf). */
  searchPassages(
    words: readonly QueryWord[],
    parameters: LexicalParameters,
    depth: number,
  ): LexicalHit[] {
    return this.passages.search(words, parameters, depth);
  }

  /** Passages indexed now. */
  get passageCount(): number {
    return this.passages.size;
  }

  /** The terms that set an article's text apart, as query words (more like this). */
  distinctiveWords(texts: FieldTexts, parameters: LexicalParameters, max: number): QueryWord[] {
    return this.index
      .distinctiveTerms(texts, parameters.weights, max)
      .map((term) => ({ terms: [term], prefix: false, excluded: false }));
  }

  protected async load(): Promise<void> {
    const build = this.watermark === null && !(await this.restore());
    if (build) await this.loadAll();
    // After a build too: what was written meanwhile, and only the window's updated_at kept.
    await this.loadChanged();
    if ((await articleCount(this.db)) !== this.index.size) await this.reconcile();
    if (
      build ||
      this.index.pendingPostings > Math.max(MIN_MERGE_POSTINGS, this.index.postingCount / 8)
    ) {
      this.index.merge();
      this.passages.merge();
      this.save();
    }
  }

  protected unheldChangeAge(): Promise<number> {
    return articleChangeAgeAfter(this.db, this.watermark ?? '-infinity');
  }

  protected override snapshot(): SnapshotWrite | null {
    const file = this.options.snapshotFile;
    if (!file || this.watermark === null) return null;
    const { header, sections: articleSections } = this.index.snapshot();
    const passages = this.passages.snapshot(PASSAGE_SECTIONS);
    const snapshot: Omit<LexicalSnapshotHeader, 'database'> = {
      index: header,
      passages: passages.header,
      watermark: this.watermark,
      readAt: this.readAt,
      analyser: searchTerms(ANALYSER_PROBE).join(' '),
      indexedAt: [...this.indexedAt],
    };
    return {
      file,
      entries: header.rows,
      write: async () => {
        const database = await databaseIdentity(this.db);
        const sections = { ...articleSections, ...passages.sections };
        writeSnapshot(file, SNAPSHOT_VERSION, { ...snapshot, database }, sections);
      },
    };
  }

  /**
   * Restores the snapshot when there is one of this version and analyser, of this database and not
   * newer than it (a database restored from an older backup has other articles); load() then
   * catches up from its watermark.
   */
  private restore(): Promise<boolean> {
    return this.restoreFrom<LexicalSnapshotHeader>(
      this.options.snapshotFile,
      SNAPSHOT_VERSION,
      (snapshot) => this.restoreSnapshot(snapshot),
    );
  }

  private async restoreSnapshot(snapshot: Snapshot<LexicalSnapshotHeader>): Promise<boolean> {
    const { header } = snapshot;
    const newest = await newestArticleChange(this.db);
    if (
      header.analyser !== searchTerms(ANALYSER_PROBE).join(' ') ||
      header.database !== (await databaseIdentity(this.db)) ||
      newest === null ||
      newest < header.watermark
    ) {
      return false;
    }
    try {
      this.index = InvertedIndex.restore(header.index, snapshot.section);
      this.passages = InvertedIndex.restore(header.passages, snapshot.section, PASSAGE_SECTIONS);
    } catch {
      return false;
    }
    this.indexedAt = new Map(header.indexedAt);
    this.watermark = header.watermark;
    this.readAt = header.readAt;
    return true;
  }

  /** Every article, in post_id order; the clock is read first, so nothing falls between. */
  private async loadAll(): Promise<void> {
    const readAt = await databaseNow(this.db);
    const newest = await newestArticleChange(this.db);
    const batches = keysetBatches(
      (afterPostId, size) => indexedArticlesAfter(this.db, afterPostId, size),
      (row) => Number(row.post_id),
      LOAD_BATCH,
    );
    for await (const rows of batches) {
      this.put(rows);
      if (this.index.pendingPostings > SEAL_WHILE_LOADING) this.index.seal();
      if (this.passages.pendingPostings > SEAL_WHILE_LOADING) this.passages.seal();
      await yieldToRequests();
    }
    this.watermark = newest ?? '-infinity';
    this.readAt = readAt;
  }

  /** Articles changed since the last read (less the late-commit window) and not yet indexed as such. */
  private async loadChanged(): Promise<void> {
    const { rows, readAt } = await articlesChangedSince(this.db, this.readAt);
    const changed = rows
      .filter((row) => this.indexedAt.get(Number(row.post_id)) !== row.updated_at)
      .map((row) => Number(row.post_id));
    await this.loadArticles(changed);
    for (const row of rows) {
      if (row.updated_at > this.watermark!) this.watermark = row.updated_at;
    }
    // Articles outside the window are not read again unless written again, as a new updated_at.
    const inWindow = new Map<number, string>();
    for (const row of rows) {
      const postId = Number(row.post_id);
      const indexedAt = this.indexedAt.get(postId);
      if (indexedAt !== undefined) inWindow.set(postId, indexedAt);
    }
    this.indexedAt = inWindow;
    this.readAt = readAt;
  }

  /** Drops articles no longer stored and loads stored ones the index lacks. */
  private async reconcile(): Promise<void> {
    const stored = new Set(await allArticleIds(this.db));
    for (const postId of [...this.index.indexedIds()]) {
      if (stored.has(postId)) continue;
      this.index.remove(postId);
      this.removePassages(postId);
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
      this.putPassages(postId, row);
      this.indexedAt.set(postId, row.updated_at);
      this.changes += 1;
    }
  }

  /** The article's passages, replacing those it had (its text may now have fewer). */
  private putPassages(postId: number, row: IndexedArticle): void {
    this.removePassages(postId);
    for (const passage of articlePassages(row.content)) {
      this.passages.add(passageId(postId, passage.number), {
        title: row.title,
        description: '',
        body: passage.sentences.join(' '),
        source: row.source_name,
      });
    }
  }

  private removePassages(postId: number): void {
    for (let number = 0; number < MAX_PASSAGES; number += 1) {
      this.passages.remove(passageId(postId, number));
    }
  }
}

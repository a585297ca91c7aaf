import {
  embeddingAgeAfter,
  embeddingsAfterMark,
  embeddingsAfterPostId,
  modelEmbeddingCount,
  newestEmbeddingMark,
  type EmbeddingMark,
  type StoredVector,
} from '../../db/article-vectors.js';
import type { Queryable } from '../../db/db.js';
import { databaseIdentity } from '../../db/search-index-rows.js';
import { keysetBatches } from '../../lib/keyset-batches.js';
import type { Log } from '../../lib/log.js';
import { VectorMatrix } from './dense/vector-matrix.js';
import { FollowingIndex, yieldToRequests, type SnapshotWrite } from './index-freshness.js';
import { readRawSection, writeRawSection, writeSnapshot, type Snapshot } from './index-snapshot.js';

export interface Neighbour {
  postId: number;
  similarity: number;
}

/** Which articles a nearest-neighbour search may return. */
export interface NeighbourFilter {
  /** Only articles up to this post id (the snapshot of a scroll). */
  snapshot: number;
  /** Never this article (more like this: the article itself). */
  exclude?: number;
}

/**
 * The article vectors of one embedding model, searched by similarity (dot products of unit
 * vectors). Two implementations, chosen per backend (docs/decisions/0020): the embedded database
 * scans a copy held in this process (InProcessVectorIndex), PostgreSQL searches its own pgvector
 * index (PgVectorIndex), so a web process of a fleet holds no vectors.
 */
export interface VectorIndex {
  readonly model: string;
  readonly dimension: number;
  /** Changes whenever a vector is added, replaced or dropped: rankings cached under it stay true. */
  readonly version: number;
  /** Loaded, and refreshed when stale (FollowingIndex). */
  ready(): Promise<void>;
  /** Whether ready() resolves within `ms` (FollowingIndex). */
  readyWithin(ms: number): Promise<boolean>;
  /** Whether a first load ended well (FollowingIndex). */
  readonly loaded: boolean;
  /** The wait of the oldest vector it lacks, in seconds; null before its first load (FollowingIndex). */
  secondsBehind(): Promise<number | null>;
  refresh(): Promise<void>;
  /** The `k` articles most similar to `query` that `filter` lets through, best first, none below `minimum`. */
  nearest(
    query: Float32Array,
    k: number,
    filter: NeighbourFilter,
    minimum?: number,
  ): Promise<Neighbour[]>;
  /** The vectors of those of `postIds` that have one. */
  vectorsOf(postIds: readonly number[]): Promise<Map<number, Float32Array>>;
  /** The similarity of `query` to each of `postIds` that has a vector. */
  similarities(query: Float32Array, postIds: readonly number[]): Promise<Map<number, number>>;
  /** Saves an in-process index's snapshot if it changed (FollowingIndex); nothing otherwise. */
  flush(): Promise<void>;
}

const LOAD_BATCH = 2000;

/** Bump when the snapshot's layout changes (its header tells another model or dimension). */
const SNAPSHOT_VERSION = 1;

interface VectorSnapshotHeader {
  model: string;
  stride: number;
  rows: number;
  watermark: EmbeddingMark;
  database: string | null;
  /** CRC-32 of the quantised rows, saved in `<file>.levels` (writeRawSection). */
  levels: number;
}

export interface InProcessVectorIndexOptions {
  /** The file the index is saved to and restored from (decision 0024). */
  snapshotFile?: string;
  log?: Pick<Log, 'info' | 'warn'>;
}

const later = (a: EmbeddingMark, b: EmbeddingMark) =>
  a.embeddedAt > b.embeddedAt || (a.embeddedAt === b.embeddedAt && a.postId > b.postId);

const accepts = ({ snapshot, exclude }: NeighbourFilter) =>
  exclude === undefined
    ? (postId: number) => postId <= snapshot
    : (postId: number) => postId <= snapshot && postId !== exclude;

/**
 * Every article vector of one model, held in this process quantised to 8 bits
 * (dense/vector-matrix.ts) and searched by an exact SIMD scan: 100,000 vectors of 384 dimensions
 * take about 37 MiB and a few milliseconds per scan, where pgvector's approximate indexes inside
 * PGlite cost minutes of build time and run out of WebAssembly memory (docs/decisions/0011, 0020).
 *
 * The database stays the source of truth: the index loads the vectors of its model (or restores
 * its snapshot), then only rows embedded since, and reloads everything when its count disagrees
 * with the table's (a row committed late behind the watermark, or articles deleted).
 */
export class InProcessVectorIndex extends FollowingIndex implements VectorIndex {
  private readonly matrix: VectorMatrix;
  private postIds: Float64Array;
  private readonly rowOf = new Map<number, number>();
  private size = 0;
  private watermark: EmbeddingMark | null = null;

  constructor(
    private readonly db: Queryable,
    readonly model: string,
    readonly dimension: number,
    private readonly options: InProcessVectorIndexOptions = {},
  ) {
    super(options.log);
    this.matrix = new VectorMatrix(dimension);
    this.postIds = new Float64Array(1024);
  }

  get count(): number {
    return this.size;
  }

  /** A copy of the article's vector, as stored (quantised). */
  vectorOf(postId: number): Float32Array | undefined {
    const row = this.rowOf.get(postId);
    return row === undefined ? undefined : this.matrix.row(row);
  }

  vectorsOf(postIds: readonly number[]): Promise<Map<number, Float32Array>> {
    const found = new Map<number, Float32Array>();
    for (const postId of postIds) {
      const vector = this.vectorOf(postId);
      if (vector) found.set(postId, vector);
    }
    return Promise.resolve(found);
  }

  similarities(query: Float32Array, postIds: readonly number[]): Promise<Map<number, number>> {
    const scores = this.matrix.similarities(query, this.size);
    const found = new Map<number, number>();
    for (const postId of postIds) {
      const row = this.rowOf.get(postId);
      if (row !== undefined) found.set(postId, scores[row]!);
    }
    return Promise.resolve(found);
  }

  nearest(
    query: Float32Array,
    k: number,
    filter: NeighbourFilter,
    minimum = -Infinity,
  ): Promise<Neighbour[]> {
    const { postIds } = this;
    const accept = accepts(filter);
    const similarities = this.matrix.similarities(query, this.size);
    const best: Neighbour[] = [];
    let floor = minimum;
    for (let row = 0; row < similarities.length; row += 1) {
      const similarity = similarities[row]!;
      if (similarity < floor || (similarity === floor && best.length >= k)) continue;
      const postId = postIds[row]!;
      if (!accept(postId)) continue;
      let position = best.length;
      while (position > 0 && best[position - 1]!.similarity < similarity) position -= 1;
      best.splice(position, 0, { postId, similarity });
      if (best.length > k) best.pop();
      if (best.length >= k) floor = Math.max(minimum, best[best.length - 1]!.similarity);
    }
    return Promise.resolve(best);
  }

  protected async load(reloaded = false): Promise<void> {
    const build = !this.watermark && (reloaded || !(await this.restore()));
    if (build) await this.loadAll();
    await this.loadSince();
    if ((await modelEmbeddingCount(this.db, this.model)) !== this.size && !reloaded) {
      this.clear();
      await this.load(true);
    } else if (build) this.save();
  }

  protected unheldChangeAge(): Promise<number> {
    return embeddingAgeAfter(this.db, this.model, this.watermark);
  }

  protected override snapshot(): SnapshotWrite | null {
    const file = this.options.snapshotFile;
    const watermark = this.watermark;
    if (!file || !watermark) return null;
    const rows = this.size;
    const { levels, scales } = this.matrix.copyRows(rows);
    const postIds = this.postIds.slice(0, rows);
    const header = { model: this.model, stride: this.matrix.stride, rows, watermark };
    return {
      file,
      entries: rows,
      write: async () => {
        const database = await databaseIdentity(this.db);
        // The rows first: a crash between the two files leaves a checksum that does not match.
        const checksum = writeRawSection(`${file}.levels`, levels);
        const all = { ...header, database, levels: checksum } satisfies VectorSnapshotHeader;
        writeSnapshot(file, SNAPSHOT_VERSION, all, { postIds, scales });
      },
    };
  }

  /**
   * Restores the snapshot when there is one of this model, of this database and not newer than
   * it; load() then catches up from its watermark (and reloads when the count disagrees).
   */
  private restore(): Promise<boolean> {
    return this.restoreFrom<VectorSnapshotHeader>(
      this.options.snapshotFile,
      SNAPSHOT_VERSION,
      (snapshot, file) => this.restoreSnapshot(snapshot, file),
    );
  }

  private async restoreSnapshot(
    { header, section }: Snapshot<VectorSnapshotHeader>,
    file: string,
  ): Promise<boolean> {
    const newest = await newestEmbeddingMark(this.db, this.model);
    if (
      header.model !== this.model ||
      header.stride !== this.matrix.stride ||
      header.database !== (await databaseIdentity(this.db)) ||
      !newest ||
      later(header.watermark, newest)
    ) {
      return false;
    }
    let postIds: Float64Array;
    let scales: Float32Array;
    try {
      postIds = section('postIds', 'f64');
      scales = section('scales', 'f32');
    } catch {
      return false;
    }
    if (postIds.length !== header.rows || scales.length !== header.rows) return false;
    let filled = false;
    this.matrix.setRows(scales, (levels) => {
      filled = readRawSection(`${file}.levels`, levels, header.levels);
    });
    // Rows left half-read are overwritten by the load from the database.
    if (!filled) return false;
    this.postIds = postIds.slice();
    this.size = header.rows;
    this.postIds.forEach((postId, row) => this.rowOf.set(postId, row));
    this.watermark = header.watermark;
    return true;
  }

  /**
   * Everything, in post_id order through the primary key. The watermark is read first, so rows
   * embedded meanwhile are read again by loadSince (putting a vector twice replaces it). The
   * count is read first too, so the matrix is sized once.
   */
  private async loadAll(): Promise<void> {
    const newest = await newestEmbeddingMark(this.db, this.model);
    const count = await modelEmbeddingCount(this.db, this.model);
    this.matrix.reserve(count);
    this.postIds = growTo(this.postIds, count);
    const batches = keysetBatches(
      (afterPostId, size) => embeddingsAfterPostId(this.db, this.model, afterPostId, size),
      (row) => row.postId,
      LOAD_BATCH,
    );
    for await (const rows of batches) {
      this.putAll(rows);
      // Lets requests in between batches: the embedded database answers them on this thread.
      await yieldToRequests();
    }
    if (newest) this.watermark = newest;
  }

  /** Rows embedded after the watermark, through the (model, embedded_at, post_id) index. */
  private async loadSince(): Promise<void> {
    while (this.watermark) {
      const rows = await embeddingsAfterMark(this.db, this.model, this.watermark, LOAD_BATCH);
      this.putAll(rows);
      const last = rows.at(-1);
      if (last) this.watermark = { embeddedAt: last.embeddedAt, postId: last.postId };
      if (rows.length < LOAD_BATCH) break;
      await yieldToRequests();
    }
  }

  private clear(): void {
    this.changes += 1;
    this.size = 0;
    this.rowOf.clear();
    this.watermark = null;
  }

  private putAll(rows: readonly StoredVector[]): void {
    for (const { postId, vector } of rows) this.put(postId, vector);
  }

  private put(postId: number, vector: Float32Array): void {
    if (vector.length !== this.dimension) return;
    this.changes += 1;
    let row = this.rowOf.get(postId);
    if (row === undefined) {
      row = this.size;
      this.size += 1;
      if (this.size > this.postIds.length) {
        this.postIds = growTo(this.postIds, Math.ceil(this.postIds.length * 1.25) + 1024);
      }
      this.rowOf.set(postId, row);
      this.postIds[row] = postId;
    }
    this.matrix.set(row, vector);
  }
}

function growTo(array: Float64Array, length: number): Float64Array {
  if (length <= array.length) return array;
  const larger = new Float64Array(length);
  larger.set(array);
  return larger;
}

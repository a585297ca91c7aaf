import {
  embeddingsAfterMark,
  embeddingsAfterPostId,
  modelEmbeddingCount,
  newestEmbeddingMark,
  type EmbeddingMark,
  type StoredVector,
} from '../../db/article-vectors.js';
import type { Queryable } from '../../db/db.js';
import { VectorMatrix } from './dense/vector-matrix.js';
import { FollowingIndex } from './index-freshness.js';

export interface Neighbour {
  postId: number;
  similarity: number;
}

const LOAD_BATCH = 5000;

/**
 * Every article vector of one model, held in this process as one float32 matrix and searched by an
 * exact SIMD scan (dot products of unit vectors, dense/vector-matrix.ts). Measured on this
 * project's machines, a scan of 100,000 vectors costs about 14 ms with perfect recall, where
 * pgvector's approximate indexes inside PGlite trade recall for build time and memory
 * (docs/decisions/0011, 0013).
 *
 * The database stays the source of truth: the index loads the vectors of its model, then only
 * rows embedded since, and reloads everything when its count disagrees with the table's (a row
 * committed late behind the watermark, or articles deleted).
 */
export class VectorIndex extends FollowingIndex {
  private readonly matrix: VectorMatrix;
  private postIds: Float64Array;
  private readonly rowOf = new Map<number, number>();
  private size = 0;
  private watermark: EmbeddingMark | null = null;

  constructor(
    private readonly db: Queryable,
    readonly model: string,
    readonly dimension: number,
  ) {
    super();
    this.matrix = new VectorMatrix(dimension);
    this.postIds = new Float64Array(1024);
  }

  get count(): number {
    return this.size;
  }

  /** A copy of the article's vector. */
  vectorOf(postId: number): Float32Array | undefined {
    const row = this.rowOf.get(postId);
    return row === undefined ? undefined : this.matrix.row(row);
  }

  /**
   * The `k` vectors most similar to `query` among those `accept` lets through, best first; none
   * less similar than `minimum`.
   */
  nearest(
    query: Float32Array,
    k: number,
    accept: (postId: number) => boolean,
    minimum = -Infinity,
  ): Neighbour[] {
    const { postIds } = this;
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
    return best;
  }

  protected async load(reloaded = false): Promise<void> {
    if (!this.watermark) await this.loadAll();
    await this.loadSince();
    if ((await modelEmbeddingCount(this.db, this.model)) !== this.size && !reloaded) {
      this.clear();
      await this.load(true);
    }
  }

  /**
   * Everything, in post_id order through the primary key. The watermark is read first, so rows
   * embedded meanwhile are read again by loadSince (putting a vector twice replaces it).
   */
  private async loadAll(): Promise<void> {
    const newest = await newestEmbeddingMark(this.db, this.model);
    let after = 0;
    for (;;) {
      const rows = await embeddingsAfterPostId(this.db, this.model, after, LOAD_BATCH);
      this.putAll(rows);
      if (rows.length < LOAD_BATCH) break;
      after = rows.at(-1)!.postId;
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
        const postIds = new Float64Array(this.postIds.length * 2);
        postIds.set(this.postIds);
        this.postIds = postIds;
      }
      this.rowOf.set(postId, row);
      this.postIds[row] = postId;
    }
    this.matrix.set(row, vector);
  }
}

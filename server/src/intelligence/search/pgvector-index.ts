import {
  nearestStoredVectors,
  newestEmbeddingMark,
  storedVectorSimilarities,
  storedVectorsOf,
} from '../../db/article-vectors.js';
import type { Db } from '../../db/db.js';
import { FollowingIndex } from './index-freshness.js';
import type { Neighbour, NeighbourFilter, VectorIndex } from './vector-index.js';

/**
 * The vectors of one model as PostgreSQL holds them, searched there: pgvector's HNSW index
 * (built after an embedding pass, db/article-vectors.ts createVectorSearchIndex) answers nearest
 * neighbours, and a web process keeps no vector in memory whatever the corpus (at a million
 * articles of 384 dimensions an in-process copy would be 1.5 GB per process). Chosen by
 * measurement: docs/decisions/0020-search-indexes-per-backend.md.
 *
 * Nothing to load; following the table only keeps `version` true for the rankings cached under
 * it: it changes when a vector is embedded (the newest (embedded_at, post_id) moves). A deleted
 * article leaves the version as it is; cached rankings expire within minutes and pages skip
 * articles no longer stored.
 */
export class PgVectorIndex extends FollowingIndex implements VectorIndex {
  private newest: string | null = null;

  constructor(
    private readonly db: Db,
    readonly model: string,
    readonly dimension: number,
  ) {
    super();
  }

  protected override async hasNewRows(): Promise<boolean> {
    return (await this.newestMark()) !== this.newest;
  }

  protected async load(): Promise<void> {
    const newest = await this.newestMark();
    if (newest !== this.newest) {
      this.newest = newest;
      this.changes += 1;
    }
  }

  /** The database searches the rows it holds: nothing waits for this process. */
  protected unheldChangeAge(): Promise<number> {
    return Promise.resolve(0);
  }

  async nearest(
    query: Float32Array,
    k: number,
    filter: NeighbourFilter,
    minimum = -Infinity,
  ): Promise<Neighbour[]> {
    if (k <= 0) return [];
    const found = await nearestStoredVectors(this.db, this.model, this.dimension, query, k, filter);
    return found
      .filter((neighbour) => neighbour.similarity >= minimum)
      .sort((a, b) => b.similarity - a.similarity || a.postId - b.postId);
  }

  vectorsOf(postIds: readonly number[]): Promise<Map<number, Float32Array>> {
    return storedVectorsOf(this.db, this.model, postIds);
  }

  similarities(query: Float32Array, postIds: readonly number[]): Promise<Map<number, number>> {
    return storedVectorSimilarities(this.db, this.model, query, postIds);
  }

  private async newestMark(): Promise<string | null> {
    const mark = await newestEmbeddingMark(this.db, this.model);
    return mark ? `${mark.embeddedAt}/${mark.postId}` : null;
  }
}

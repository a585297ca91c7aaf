import type { WarmingPart } from '@blogstream/shared/contract';
import type { SemanticSearchLoader } from '../embeddings/semantic-service.js';
import type { LexicalIndex } from './lexical/lexical-index.js';
import type { VectorIndex } from './vector-index.js';

/** One search index as readiness and metrics see it. */
export interface SearchIndexState {
  index: 'lexical' | 'vector';
  ready: boolean;
  /** FollowingIndex.secondsBehind: null before its first load. */
  secondsBehind: number | null;
}

/**
 * The search indexes a web process serves, as an operator watches them (decision 0032). Each is
 * ready once its first load ended; the vector index also once its model could not be loaded:
 * search then answers without it (full text) and retries the model, and keeping the process out
 * of a load balancer's rotation would not bring the model back.
 */
export class SearchIndexesState {
  constructor(
    private readonly lexical: LexicalIndex,
    private readonly semantic: SemanticSearchLoader,
  ) {}

  /** What still warms up, for /api/health/ready. */
  warming(): WarmingPart[] {
    return [
      ...(this.lexical.loaded ? [] : (['lexical index'] as const)),
      ...(this.vectorReady() ? [] : (['vector index'] as const)),
    ];
  }

  /** Each index, whether it is ready and how far it is behind the database. */
  async states(): Promise<SearchIndexState[]> {
    const [lexicalBehind, vectorBehind] = await Promise.all([
      this.lexical.secondsBehind(),
      this.vectorIndex()?.secondsBehind() ?? null,
    ]);
    return [
      { index: 'lexical', ready: this.lexical.loaded, secondsBehind: lexicalBehind },
      { index: 'vector', ready: this.vectorReady(), secondsBehind: vectorBehind },
    ];
  }

  /** The embedding model of the loaded vector index; undefined before it loaded. */
  embeddingModel(): string | undefined {
    return this.vectorIndex()?.model;
  }

  private vectorIndex(): VectorIndex | undefined {
    const dense = this.semantic.current();
    return typeof dense === 'object' ? dense.index : undefined;
  }

  private vectorReady(): boolean {
    return this.semantic.current() === 'unavailable' || Boolean(this.vectorIndex()?.loaded);
  }
}

import { join, resolve } from 'node:path';
import type { Db, Queryable } from '../../db/db.js';
import type { Log } from '../../lib/log.js';
import { repoRoot } from '../../paths.js';
import type { SemanticSearch } from '../search/hybrid-search.js';
import { PgVectorIndex } from '../search/pgvector-index.js';
import {
  InProcessVectorIndex,
  type InProcessVectorIndexOptions,
  type VectorIndex,
} from '../search/vector-index.js';
import type { TextEmbedder } from './embedder.js';
import type { EmbeddingsConfig } from './embeddings-config.js';
import { loadOfflineEmbedder } from './offline/index.js';
import { createOpenAiEmbedder } from './openai-embedder.js';
import { cachedSentenceModel, loadSentenceModel } from './sentences/sentence-model.js';
import { SENTENCE_WEIGHT, sentencesAndWords } from './sentences/sentences-and-words.js';

/** What the embedding model is made from: its settings, and DATA_DIR for the offline model's files. */
export interface EmbedderConfig {
  embeddings: EmbeddingsConfig;
  dataDir: string;
}

/**
 * The configured embedding model: an OpenAI-compatible API, or the offline one: the sentence
 * model fused with the word model (its sentence vectors kept in `db` by content hash), or the
 * word model alone (docs/decisions/0030).
 */
export async function createEmbedder(config: EmbedderConfig, db: Queryable): Promise<TextEmbedder> {
  const { provider, url, model, apiKey, offlineModel } = config.embeddings;
  if (provider === 'openai' && url && model) return createOpenAiEmbedder({ url, model, apiKey });
  const cacheDir = config.embeddings.cacheDir ?? join(config.dataDir, 'models');
  const words = await loadOfflineEmbedder({ cacheDir: resolve(repoRoot, cacheDir) });
  if (offlineModel === 'words') return words;
  const sentences = cachedSentenceModel(db, await loadSentenceModel());
  return sentencesAndWords(sentences, words, SENTENCE_WEIGHT);
}

/**
 * The vector index of a model on this database: pgvector's own on PostgreSQL, a copy in this
 * process on the embedded database (docs/decisions/0020-search-indexes-per-backend.md).
 */
export function vectorIndexFor(
  db: Db,
  model: string,
  dimension: number,
  options: InProcessVectorIndexOptions = {},
): VectorIndex {
  return db.mode === 'server'
    ? new PgVectorIndex(db, model, dimension)
    : new InProcessVectorIndex(db, model, dimension, options);
}

/** After a failed load, the next request tries again no sooner than this. */
const RETRY_AFTER_MS = 60_000;

/** The shared model and vector index: null while the model cannot be loaded. */
export interface SemanticSearchLoader {
  (): Promise<SemanticSearch | null>;
  /**
   * What loading gave so far, without starting a load: the model and index, `unavailable` since
   * a load failed, undefined before one ended (readiness and metrics, decision 0032).
   */
  current(): SemanticSearch | 'unavailable' | undefined;
}

/**
 * Loads the embedding model and the vector index on first use and shares them. While the model
 * cannot be loaded (an embeddings API down at start), callers get null and search falls back to
 * full text; a later call tries again.
 */
export function semanticSearchLoader(
  config: EmbedderConfig,
  db: Db,
  log: Log,
  { vectorSnapshotFile }: { vectorSnapshotFile?: string } = {},
): SemanticSearchLoader {
  let loading: Promise<SemanticSearch | null> | null = null;
  let failedAt = 0;
  let current: SemanticSearch | 'unavailable' | undefined;
  const load = async (): Promise<SemanticSearch | null> => {
    try {
      const embedder = await createEmbedder(config, db);
      const options = { snapshotFile: vectorSnapshotFile, log };
      const index = vectorIndexFor(db, embedder.model, embedder.dimension, options);
      current = { embedder, index };
      return current;
    } catch (error) {
      log.error({ err: error }, 'The embedding model could not be loaded; search uses full text');
      failedAt = Date.now();
      loading = null;
      current = 'unavailable';
      return null;
    }
  };
  const loader = () => {
    if (!loading && Date.now() - failedAt < RETRY_AFTER_MS) return Promise.resolve(null);
    loading ??= load();
    return loading;
  };
  return Object.assign(loader, { current: () => current });
}

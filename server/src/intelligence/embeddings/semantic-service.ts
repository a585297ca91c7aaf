import { join, resolve } from 'node:path';
import type { Db, Queryable } from '../../db/db.js';
import type { Log } from '../../lib/log.js';
import { repoRoot } from '../../paths.js';
import { activeWordModel, activeWordModelName } from '../../db/word-models.js';
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
import { OWN_MODEL_WEIGHT } from './own-word-model.js';
import { twoModelsInOne } from './two-models-in-one.js';

/** What the embedding model is made from: its settings, and DATA_DIR for the offline model's files. */
export interface EmbedderConfig {
  embeddings: EmbeddingsConfig;
  dataDir: string;
}

/** Where the offline model keeps the GloVe table it derives on first use. */
export function offlineCacheDir(config: EmbedderConfig): string {
  return resolve(repoRoot, config.embeddings.cacheDir ?? join(config.dataDir, 'models'));
}

/**
 * The configured embedding model: an OpenAI-compatible API, or the offline one: the sentence
 * model fused with the word model (its sentence vectors kept in `db` by content hash), or the
 * word model alone (docs/decisions/0030). The word model is the one shipped with the server,
 * beside the site's own when it has trained one (docs/decisions/0043).
 */
export async function createEmbedder(config: EmbedderConfig, db: Queryable): Promise<TextEmbedder> {
  const { provider, url, model, apiKey, offlineModel } = config.embeddings;
  if (provider === 'openai' && url && model) return createOpenAiEmbedder({ url, model, apiKey });
  const cacheDir = offlineCacheDir(config);
  const shipped = await loadOfflineEmbedder({ cacheDir });
  const siteModel = await activeWordModel(db);
  const words = siteModel
    ? twoModelsInOne(
        shipped,
        await loadOfflineEmbedder({ cacheDir, artefact: siteModel.artefact }),
        OWN_MODEL_WEIGHT,
      )
    : shipped;
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
/** How often a loaded process asks whether the site has a new word model (decision 0043). */
const MODEL_CHECK_MS = 30_000;

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
 * full text; a later call tries again. Once loaded, the offline model is checked every
 * MODEL_CHECK_MS: when the site has trained a new word model (docs/decisions/0043), the new model
 * and its index are loaded beside the old ones, which answer until the new index is loaded.
 */
export function semanticSearchLoader(
  config: EmbedderConfig,
  db: Db,
  log: Log,
  {
    vectorSnapshotFile,
    modelCheckMs = MODEL_CHECK_MS,
  }: { vectorSnapshotFile?: string; modelCheckMs?: number } = {},
): SemanticSearchLoader {
  let loading: Promise<SemanticSearch | null> | null = null;
  let failedAt = 0;
  let current: SemanticSearch | 'unavailable' | undefined;
  let wordModel: string | null = null;
  let checkedAt = 0;

  const build = async (): Promise<SemanticSearch> => {
    wordModel = await activeWordModelName(db);
    checkedAt = Date.now();
    const embedder = await createEmbedder(config, db);
    const options = { snapshotFile: vectorSnapshotFile, log };
    return { embedder, index: vectorIndexFor(db, embedder.model, embedder.dimension, options) };
  };
  const load = async (): Promise<SemanticSearch | null> => {
    try {
      current = await build();
      return current;
    } catch (error) {
      log.error({ err: error }, 'The embedding model could not be loaded; search uses full text');
      failedAt = Date.now();
      loading = null;
      current = 'unavailable';
      return null;
    }
  };
  const followNewWordModel = async () => {
    checkedAt = Date.now();
    if ((await activeWordModelName(db)) === wordModel) return;
    const next = await build();
    await next.index.refresh();
    log.info({}, `Search uses the site's new word model ${next.embedder.model}`);
    current = next;
    loading = Promise.resolve(next);
  };
  const loader = () => {
    if (!loading && Date.now() - failedAt < RETRY_AFTER_MS) return Promise.resolve(null);
    loading ??= load();
    if (
      config.embeddings.provider === 'offline' &&
      typeof current === 'object' &&
      Date.now() - checkedAt >= modelCheckMs
    ) {
      checkedAt = Date.now();
      void followNewWordModel().catch((error: unknown) =>
        log.error({ err: error }, "Loading the site's new word model failed; search keeps the old"),
      );
    }
    return loading;
  };
  return Object.assign(loader, { current: () => current });
}

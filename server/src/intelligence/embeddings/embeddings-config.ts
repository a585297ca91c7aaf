import { z } from 'zod';
import { apiEnv } from '../../config-schemas.js';

export interface EmbeddingsConfig {
  /**
   * openai: an OpenAI-compatible /v1/embeddings endpoint (Ollama, vLLM, TEI, OpenAI).
   * offline: the models shipped with the product (no network).
   */
  provider: 'offline' | 'openai';
  /**
   * The offline model: `sentences`, the sentence model fused with the word model (the default);
   * `words`, the word model alone: no sentence model loaded, thousands of texts a second instead
   * of tens (tests and journeys that do not exercise meaning, small machines; decision 0030).
   */
  offlineModel: 'sentences' | 'words';
  /** Base URL of the OpenAI-compatible API, e.g. http://localhost:11434/v1 */
  url: string | undefined;
  model: string | undefined;
  apiKey: string | undefined;
  /** Texts sent to the provider in one call. */
  batchSize: number;
  /** Where the offline model keeps files it derives on first use; null: DATA_DIR/models. */
  cacheDir: string | null;
}

const api = apiEnv(
  { url: 'EMBEDDINGS_URL', model: 'EMBEDDINGS_MODEL', apiKey: 'EMBEDDINGS_API_KEY' },
  'the model the endpoint should use',
);

/** The environment variables of the embeddings (docs/CONFIGURATION.md). */
export const embeddingsEnvShape = {
  ...api.shape,
  EMBEDDINGS_BATCH_SIZE: z.coerce.number().int().min(1).max(2048).default(128),
  EMBEDDINGS_OFFLINE_MODEL: z.enum(['sentences', 'words']).default('words'),
  MODEL_CACHE_DIR: z.string().trim().min(1).optional(),
};

type EmbeddingsEnv = z.infer<z.ZodObject<typeof embeddingsEnvShape>>;

export const checkEmbeddingsEnv = api.check;

export function toEmbeddingsConfig(env: EmbeddingsEnv): EmbeddingsConfig {
  return {
    provider: env.EMBEDDINGS_URL ? 'openai' : 'offline',
    url: env.EMBEDDINGS_URL,
    model: env.EMBEDDINGS_MODEL,
    apiKey: env.EMBEDDINGS_API_KEY,
    offlineModel: env.EMBEDDINGS_OFFLINE_MODEL,
    batchSize: env.EMBEDDINGS_BATCH_SIZE,
    cacheDir: env.MODEL_CACHE_DIR ?? null,
  };
}

import type { Db } from '../db/db.js';
import type { Log } from '../lib/log.js';
import type { Job } from './scheduler.js';
import { embedPendingArticles } from '../intelligence/embeddings/embed-articles.js';
import type { TextEmbedder } from '../intelligence/embeddings/embedder.js';
import {
  createEmbedder,
  type EmbedderConfig,
} from '../intelligence/embeddings/semantic-service.js';

/**
 * The background job that embeds new articles (after each crawl and at start). The model is
 * loaded on the first run and kept; a model that fails to load is tried again on the next run.
 */
export function embeddingJob(db: Db, config: EmbedderConfig, log: Log): Job {
  let model: Promise<TextEmbedder> | null = null;
  return {
    name: 'embed',
    run: async (signal) => {
      model ??= createEmbedder(config, db).catch((error: unknown) => {
        model = null;
        throw error;
      });
      await embedPendingArticles(db, await model, {
        batchSize: config.embeddings.batchSize,
        log,
        signal,
      });
    },
  };
}

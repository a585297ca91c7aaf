import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import type { Job } from '../jobs/scheduler.js';
import { embedPendingArticles, type EmbedLog } from './embed-articles.js';
import type { TextEmbedder } from './embedder.js';
import { createEmbedder } from './semantic-service.js';
import { createTopicClassifier, type TopicClassifier } from './topic-classifier.js';

interface LoadedModel {
  embedder: TextEmbedder;
  classifier: TopicClassifier;
}

/**
 * The background job that embeds new articles (after each crawl and at start). The model is
 * loaded on the first run and kept; a model that fails to load is tried again on the next run.
 */
export function embeddingJob(db: Db, config: Config, log: EmbedLog): Job {
  let model: Promise<LoadedModel> | null = null;
  const loadModel = async (): Promise<LoadedModel> => {
    const embedder = await createEmbedder(config);
    return { embedder, classifier: await createTopicClassifier(embedder) };
  };
  return {
    name: 'embed',
    run: async (signal) => {
      model ??= loadModel().catch((error: unknown) => {
        model = null;
        throw error;
      });
      const { embedder, classifier } = await model;
      await embedPendingArticles(db, embedder, classifier, {
        batchSize: config.embeddings.batchSize,
        log,
        signal,
      });
    },
  };
}

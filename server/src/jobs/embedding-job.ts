import type { Db } from '../db/db.js';
import type { Log } from '../lib/log.js';
import type { Job } from './scheduler.js';
import type { EmbedderConfig } from '../intelligence/embeddings/semantic-service.js';
import { SiteEmbedding } from '../intelligence/embeddings/site-embedding.js';

/**
 * The background job that embeds new articles (after each crawl and at start), and trains the
 * site's own word model when it is due (SiteEmbedding). A model that fails to load is tried again
 * on the next run.
 */
export function embeddingJob(db: Db, config: EmbedderConfig, log: Log): Job {
  const embedding = new SiteEmbedding(db, config, log);
  return {
    name: 'embed',
    run: async (signal) => {
      await embedding.run(signal);
    },
  };
}

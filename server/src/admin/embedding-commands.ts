import type { Db } from '../db/db.js';
import { embeddingCounts } from '../db/article-vectors.js';
import { embedPendingArticles } from '../intelligence/embeddings/embed-articles.js';
import {
  createEmbedder,
  type EmbedderConfig,
} from '../intelligence/embeddings/semantic-service.js';
import { consoleLog } from '../lib/log.js';
import type { AdminCommand } from './admin-command.js';

async function embedAll(db: Db, config: EmbedderConfig): Promise<void> {
  const embedder = await createEmbedder(config, db);
  const embedded = await embedPendingArticles(db, embedder, {
    batchSize: config.embeddings.batchSize,
    log: consoleLog('info'),
  });
  const counts = await embeddingCounts(db, embedder.model);
  console.info(
    `${embedded === 0 ? 'Nothing to embed' : `Embedded ${embedded} articles`}: ` +
      `${counts.embedded} of ${counts.articles} articles have a ${embedder.model} vector.`,
  );
}

export const embeddingCommands: Record<string, AdminCommand> = {
  embed: {
    summary: 'Embed every article missing a vector of the configured model, then exit',
    run: (db, _args, config) => embedAll(db, config),
  },
};

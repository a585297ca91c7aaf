import type { Db } from '../db/db.js';
import { embeddingCounts } from '../db/article-vectors.js';
import type { EmbedderConfig } from '../intelligence/embeddings/semantic-service.js';
import { SiteEmbedding } from '../intelligence/embeddings/site-embedding.js';
import { consoleLog } from '../lib/log.js';
import type { AdminCommand } from './admin-command.js';

async function embedAll(db: Db, config: EmbedderConfig): Promise<void> {
  const { embedded, model: embedder } = await new SiteEmbedding(
    db,
    config,
    consoleLog('info'),
  ).run();
  const counts = await embeddingCounts(db, embedder.model);
  console.info(
    `${embedded === 0 ? 'Nothing to embed' : `Embedded ${embedded} articles`}: ` +
      `${counts.embedded} of ${counts.articles} articles have a ${embedder.model} vector.`,
  );
}

export const embeddingCommands: Record<string, AdminCommand> = {
  embed: {
    summary:
      "Embed every article missing a vector of the configured model (training the site's own word model when due), then exit",
    run: (db, _args, config) => embedAll(db, config),
  },
};

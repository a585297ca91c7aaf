import type { Db } from '../../db/db.js';
import { activeWordModelName } from '../../db/word-models.js';
import type { Log } from '../../lib/log.js';
import { embedPendingArticles } from './embed-articles.js';
import type { TextEmbedder } from './embedder.js';
import { trainOwnWordModelWhenDue, type TrainModelFile } from './own-word-model.js';
import { createEmbedder, offlineCacheDir, type EmbedderConfig } from './semantic-service.js';

export interface SiteEmbeddingOptions {
  /** How a model file is trained (a worker thread unless a test says otherwise). */
  train?: TrainModelFile;
  policy?: { minArticles: number; trainingArticles: number };
}

/**
 * The site's embedding work, as the embedding job and `admin embed` run it: every article without
 * a vector of the model in use is embedded; then, when the site's own word model is due
 * (docs/decisions/0043), it is trained and every article embedded again with it, newest first.
 * The model is loaded once and kept while it is the one in use; another process's new model is
 * picked up at the next run.
 */
export class SiteEmbedding {
  private model: Promise<TextEmbedder> | null = null;
  private modelName: string | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: EmbedderConfig,
    private readonly log: Log,
    private readonly options: SiteEmbeddingOptions = {},
  ) {}

  /** Embeds what is pending, trains when due; resolves with the articles embedded and the model. */
  async run(signal?: AbortSignal): Promise<{ embedded: number; model: TextEmbedder }> {
    let embedded = await this.embedPending(signal);
    if (!signal?.aborted && this.trains()) {
      const trained = await trainOwnWordModelWhenDue(
        this.db,
        offlineCacheDir(this.config),
        this.log,
        this.options,
      );
      if (trained) embedded += await this.embedPending(signal);
    }
    return { embedded, model: await this.current() };
  }

  private trains(): boolean {
    const { provider, trainOwnModel } = this.config.embeddings;
    return provider === 'offline' && trainOwnModel;
  }

  private async current(): Promise<TextEmbedder> {
    const inUse = await activeWordModelName(this.db);
    if (!this.model || inUse !== this.modelName) {
      this.modelName = inUse;
      this.model = createEmbedder(this.config, this.db).catch((error: unknown) => {
        this.model = null;
        throw error;
      });
    }
    return this.model;
  }

  private async embedPending(signal?: AbortSignal): Promise<number> {
    const { batchSize } = this.config.embeddings;
    return embedPendingArticles(this.db, await this.current(), {
      batchSize,
      log: this.log,
      signal,
    });
  }
}

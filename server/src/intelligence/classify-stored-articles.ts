import { keysetBatches } from '../lib/keyset-batches.js';
import type { Log } from '../lib/log.js';

/** Articles read and written at a time. */
export const CLASSIFY_BATCH = 1_000;

/** One pass of versioned rules over the stored articles: the genre pass and the topic pass. */
export interface StoredArticlesPass<Article extends { post_id: number }, Result> {
  /** The next `size` articles after `afterPostId` the current rules have not classified. */
  read: (afterPostId: number, size: number) => Promise<Article[]>;
  classify: (article: Article) => Result;
  /** Stores a batch's results, stamped with the rules' version. */
  store: (results: Result[]) => Promise<void>;
  /** What the progress line says before "N articles": `Topics given to`. */
  done: string;
}

/**
 * Runs `pass` over every article its rules have not classified, a batch at a time in post_id
 * order, logging the progress of a pass longer than a batch (new rules, a first start) at info;
 * the few articles of an ordinary crawl are no news. Returns how many it classified.
 */
export async function classifyStoredArticles<Article extends { post_id: number }, Result>(
  pass: StoredArticlesPass<Article, Result>,
  log: Log,
  batchSize = CLASSIFY_BATCH,
): Promise<number> {
  let classified = 0;
  const batches = keysetBatches(pass.read, (article) => article.post_id, batchSize);
  for await (const batch of batches) {
    await pass.store(batch.map(pass.classify));
    classified += batch.length;
    const longPass = batch.length === batchSize || classified > batchSize;
    log[longPass ? 'info' : 'debug']({ classified }, `${pass.done} ${classified} articles`);
  }
  return classified;
}

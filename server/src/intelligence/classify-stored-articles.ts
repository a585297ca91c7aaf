import type { ArticleBatch } from '../db/article-batch.js';
import type { Queryable } from '../db/db.js';
import { keysetBatches } from '../lib/keyset-batches.js';
import type { Log } from '../lib/log.js';

/** Articles read and written at a time. */
export const CLASSIFY_BATCH = 1_000;

/** Versioned rules over the stored articles, and the table functions they read and store with. */
export interface StoredArticlesRules<Article extends { post_id: number }, Result> {
  version: number;
  /** How much of an article's text the rules read. */
  openingCharacters: number;
  /** The articles of `batch` that rules of `version` have not classified. */
  read: (db: Queryable, version: number, batch: ArticleBatch) => Promise<Article[]>;
  classify: (article: Article) => Result;
  /** Stores a batch's results, stamped with `version`. */
  store: (db: Queryable, version: number, results: Result[]) => Promise<void>;
  /** What the progress line says before "N articles": `Topics given to`. */
  done: string;
}

/**
 * The genre and topic passes: classifies every article `rules` have not, a batch at a time in
 * post_id order, logging the progress of a pass longer than a batch (new rules, a first start) at
 * info; the few articles of an ordinary crawl are no news. Returns how many it classified.
 */
export async function classifyStoredArticles<Article extends { post_id: number }, Result>(
  db: Queryable,
  log: Log,
  rules: StoredArticlesRules<Article, Result>,
  batchSize = CLASSIFY_BATCH,
): Promise<number> {
  let classified = 0;
  const batches = keysetBatches(
    (afterPostId, limit) =>
      rules.read(db, rules.version, {
        afterPostId,
        limit,
        openingCharacters: rules.openingCharacters,
      }),
    (article) => article.post_id,
    batchSize,
  );
  for await (const batch of batches) {
    await rules.store(db, rules.version, batch.map(rules.classify));
    classified += batch.length;
    const longPass = batch.length === batchSize || classified > batchSize;
    log[longPass ? 'info' : 'debug']({ classified }, `${rules.done} ${classified} articles`);
  }
  return classified;
}

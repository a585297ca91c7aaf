import { articlesToTopic, storeTopics } from '../../db/article-topics.js';
import type { Queryable } from '../../db/db.js';
import { keysetBatches } from '../../lib/keyset-batches.js';
import type { Log } from '../../lib/log.js';
import {
  OPENING_CHARACTERS,
  scoreTopics,
  TOPIC_RULES_VERSION,
} from '../../ingestion/normalise/classify-topics.js';

/** Articles read and written at a time. */
const BATCH = 1_000;

/**
 * Gives every article its topics from its own words (docs/decisions/0031-topics-per-article.md):
 * those the crawler stored or updated since the last pass (read again with the opening a page
 * visit may have brought), and all of them once the rules change (TOPIC_RULES_VERSION). Runs
 * after each crawl and at a worker's start, logging the progress of a pass longer than a batch.
 * Returns how many it classified.
 */
export async function classifyStoredTopics(
  db: Queryable,
  log: Log,
  batchSize = BATCH,
): Promise<number> {
  let classified = 0;
  const batches = keysetBatches(
    (afterPostId, size) =>
      articlesToTopic(db, TOPIC_RULES_VERSION, afterPostId, size, OPENING_CHARACTERS),
    (article) => article.post_id,
    batchSize,
  );
  for await (const batch of batches) {
    await storeTopics(
      db,
      TOPIC_RULES_VERSION,
      batch.map((article) => ({
        postId: article.post_id,
        topics: scoreTopics(article.title, article.opening, article.source_topics),
      })),
    );
    classified += batch.length;
    // A pass longer than one batch (new rules, a first start) shows its progress; the few
    // articles of an ordinary crawl are no news.
    const longPass = batch.length === batchSize || classified > batchSize;
    log[longPass ? 'info' : 'debug']({ classified }, `Topics given to ${classified} articles`);
  }
  return classified;
}

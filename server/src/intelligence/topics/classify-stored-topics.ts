import { articlesToTopic, storeTopics } from '../../db/article-topics.js';
import type { Queryable } from '../../db/db.js';
import type { Log } from '../../lib/log.js';
import {
  OPENING_CHARACTERS,
  scoreTopics,
  TOPIC_RULES_VERSION,
} from '../../ingestion/normalise/classify-topics.js';
import { CLASSIFY_BATCH, classifyStoredArticles } from '../classify-stored-articles.js';

/**
 * Gives every article its topics from its own words (docs/decisions/0031-topics-per-article.md):
 * those the crawler stored or updated since the last pass (read again with the opening a page
 * visit may have brought), and all of them once the rules change (TOPIC_RULES_VERSION). Runs
 * after each crawl and at a worker's start. Returns how many it classified.
 */
export function classifyStoredTopics(
  db: Queryable,
  log: Log,
  batchSize = CLASSIFY_BATCH,
): Promise<number> {
  return classifyStoredArticles(
    db,
    log,
    {
      version: TOPIC_RULES_VERSION,
      openingCharacters: OPENING_CHARACTERS,
      read: articlesToTopic,
      classify: (article) => ({
        postId: article.post_id,
        topics: scoreTopics(article.title, article.opening, article.source_topics),
      }),
      store: storeTopics,
      done: 'Topics given to',
    },
    batchSize,
  );
}

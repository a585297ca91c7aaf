import type { Db } from '../db/db.js';
import { classifyTopics } from '../ingestion/normalise/classify-topics.js';
import { embeddingCounts, storeEmbeddings } from './article-vectors.js';
import type { TextEmbedder } from './embedder.js';
import { articleEmbeddingText } from './article-text.js';
import type { TopicClassifier } from './topic-classifier.js';

export interface EmbedLog {
  info(message: string): void;
}

export interface EmbedRunOptions {
  batchSize: number;
  log: EmbedLog;
  signal?: AbortSignal;
}

interface PendingArticle {
  post_id: string | number;
  title: string;
  description: string;
  content: string;
  topics: string[];
  source_topics: string[];
  source_name: string;
}

/** Joined with a character no topic contains, so one text[] parameter carries a list per row. */
const TOPIC_SEPARATOR = '\u001f';

const sameTopics = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((topic) => b.includes(topic));

/**
 * Embeds one batch of articles below post id `below` that have no vector from `embedder`'s model
 * (newest first, so fresh articles become searchable first) and refreshes their topics. The rows
 * are locked with SKIP LOCKED for the batch, so workers running this at once share the work
 * instead of repeating it. Returns the lowest post id it looked at (null: nothing left below).
 *
 * "No vector" is a NOT EXISTS anti-join on purpose: written as a LEFT JOIN filtered on
 * `e.model <> $1`, the planner read statistics in which every stored vector is of this model as
 * "almost nothing is pending" and scanned and sorted the whole table for every batch (53
 * articles/s at 100,000 articles, against about 1,200/s with the anti-join).
 */
async function embedBatch(
  db: Db,
  embedder: TextEmbedder,
  classifier: TopicClassifier,
  batchSize: number,
  below: number,
): Promise<{ count: number; lowest: number } | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<PendingArticle>(
      `SELECT a.post_id, a.title, a.description, left(a.content, 4000) AS content, a.topics,
              s.topics AS source_topics, s.name AS source_name
         FROM articles a
         JOIN sources s ON s.source_id = a.source_id
        WHERE a.post_id < $3
          AND NOT EXISTS (SELECT 1 FROM article_embeddings e
                           WHERE e.post_id = a.post_id AND e.model = $1)
        ORDER BY a.post_id DESC
        LIMIT $2
        FOR UPDATE OF a SKIP LOCKED`,
      [embedder.model, batchSize, below],
    );
    if (rows.length === 0) return null;
    const vectors = await embedder.embed(
      rows.map((row) => articleEmbeddingText({ ...row, sourceName: row.source_name })),
      'document',
    );
    await storeEmbeddings(
      tx,
      embedder.model,
      rows.map((row, index) => ({ postId: Number(row.post_id), vector: vectors[index]! })),
    );
    const retagged = rows.flatMap((row, index) => {
      const topics = [
        ...new Set([
          ...classifyTopics(row.title, row.description, row.source_topics),
          ...classifier.topicsFor(vectors[index]!),
        ]),
      ];
      return sameTopics(topics, row.topics) ? [] : [{ postId: row.post_id, topics }];
    });
    if (retagged.length > 0) {
      await tx.query(
        `UPDATE articles a SET topics = string_to_array(input.topics, $3)
           FROM unnest($1::bigint[], $2::text[]) AS input (post_id, topics)
          WHERE a.post_id = input.post_id`,
        [
          retagged.map((row) => row.postId),
          retagged.map((row) => row.topics.join(TOPIC_SEPARATOR)),
          TOPIC_SEPARATOR,
        ],
      );
    }
    return { count: rows.length, lowest: Number(rows.at(-1)!.post_id) };
  });
}

/**
 * PGlite runs no autovacuum, so without this its planner never learns the tables' sizes and keeps
 * plans made for empty tables (a full scan per page of the vector index's load, slower search).
 * PostgreSQL's autovacuum does this on its own. The statistics persist across restarts.
 */
async function refreshPlannerStatistics(db: Db): Promise<void> {
  if (db.mode === 'embedded') await db.query('ANALYZE articles, article_embeddings, sources');
}

/**
 * Embeds every article still missing a vector of the current model, in batches, logging progress,
 * then refreshes the embedded database's planner statistics. Returns the number embedded. Stops
 * between batches when `signal` aborts.
 */
export async function embedPendingArticles(
  db: Db,
  embedder: TextEmbedder,
  classifier: TopicClassifier,
  { batchSize, log, signal }: EmbedRunOptions,
): Promise<number> {
  const before = await embeddingCounts(db, embedder.model);
  const pending = before.articles - before.embedded;
  if (pending <= 0) return 0;
  log.info(`Embedding ${pending} articles with ${embedder.model}`);
  const started = performance.now();
  let embedded = 0;
  let lastReport = started;
  // Walks down from the newest article, so no batch rescans the ones already done in this run;
  // articles stored meanwhile (higher ids) are the next run's.
  let below = Number.MAX_SAFE_INTEGER;
  while (!signal?.aborted) {
    const batch = await embedBatch(db, embedder, classifier, batchSize, below);
    if (!batch) break;
    below = batch.lowest;
    embedded += batch.count;
    const now = performance.now();
    if (now - lastReport >= 5000) {
      lastReport = now;
      const rate = Math.round((embedded * 1000) / (now - started));
      log.info(`Embedded ${embedded}/${pending} articles (${rate}/s)`);
    }
  }
  if (embedded > 0) await refreshPlannerStatistics(db);
  const seconds = (performance.now() - started) / 1000;
  log.info(
    `Embedded ${embedded} articles in ${seconds.toFixed(1)} s` +
      ` (${Math.round(embedded / Math.max(seconds, 0.001))}/s)`,
  );
  return embedded;
}

import type { Db } from '../../db/db.js';
import {
  createVectorSearchIndex,
  embeddingCounts,
  hasVectorSearchIndex,
  lockStillPending,
  pendingArticles,
  refreshPlannerStatistics,
  storeEmbeddings,
} from '../../db/article-vectors.js';
import type { Log } from '../../lib/log.js';
import type { TextEmbedder } from './embedder.js';
import { articleEmbeddingText } from './article-text.js';

export interface EmbedRunOptions {
  batchSize: number;
  log: Log;
  signal?: AbortSignal;
}

/**
 * Embeds one batch of articles below post id `below` that have no vector from `embedder`'s model
 * (newest first, so fresh articles become searchable first). The
 * model runs outside any transaction (on the embedded database a transaction holds the only
 * connection: requests would wait for the whole batch, and a model reading its cache from the
 * database would wait for itself); a short transaction then stores the vectors of the articles
 * still without one, locked with SKIP LOCKED (lockStillPending), so workers running this at once
 * never store an article twice. Returns the lowest post id it looked at (null: nothing left
 * below).
 */
async function embedBatch(
  db: Db,
  embedder: TextEmbedder,
  batchSize: number,
  below: number,
): Promise<{ count: number; lowest: number } | null> {
  const rows = await pendingArticles(db, embedder.model, batchSize, below);
  if (rows.length === 0) return null;
  const vectors = await embedder.embed(
    rows.map((row) => articleEmbeddingText({ ...row, sourceName: row.source_name })),
    'document',
  );
  const embedded = rows.map((row, index) => ({ row, vector: vectors[index]! }));
  const count = await db.transaction(async (tx) => {
    const pending = await lockStillPending(
      tx,
      embedder.model,
      rows.map((row) => Number(row.post_id)),
    );
    const stored = embedded.filter(({ row }) => pending.has(Number(row.post_id)));
    await storeEmbeddings(
      tx,
      embedder.model,
      stored.map(({ row, vector }) => ({ postId: Number(row.post_id), vector })),
    );
    return stored.length;
  });
  return { count, lowest: Number(rows.at(-1)!.post_id) };
}

/**
 * Embeds every article still missing a vector of the current model, in batches, logging progress,
 * then refreshes the embedded database's planner statistics. Returns the number embedded. Stops
 * between batches when `signal` aborts.
 */
export async function embedPendingArticles(
  db: Db,
  embedder: TextEmbedder,
  { batchSize, log, signal }: EmbedRunOptions,
): Promise<number> {
  const before = await embeddingCounts(db, embedder.model);
  const pending = before.articles - before.embedded;
  if (pending <= 0) {
    await prepareVectorSearch(db, embedder, log);
    return 0;
  }
  log.info({}, `Embedding ${pending} articles with ${embedder.model}`);
  const started = performance.now();
  let embedded = 0;
  let lastReport = started;
  // Walks down from the newest article, so no batch rescans the ones already done in this run;
  // articles stored meanwhile (higher ids) are the next run's.
  let below = Number.MAX_SAFE_INTEGER;
  while (!signal?.aborted) {
    const batch = await embedBatch(db, embedder, batchSize, below);
    if (!batch) break;
    below = batch.lowest;
    embedded += batch.count;
    const now = performance.now();
    if (now - lastReport >= 5000) {
      lastReport = now;
      const rate = Math.round((embedded * 1000) / (now - started));
      log.info({}, `Embedded ${embedded}/${pending} articles (${rate}/s)`);
    }
  }
  if (embedded > 0) await refreshPlannerStatistics(db);
  const seconds = (performance.now() - started) / 1000;
  log.info(
    {},
    `Embedded ${embedded} articles in ${seconds.toFixed(1)} s` +
      ` (${Math.round(embedded / Math.max(seconds, 0.001))}/s)`,
  );
  if (!signal?.aborted) await prepareVectorSearch(db, embedder, log);
  return embedded;
}

/**
 * On PostgreSQL, builds pgvector's index over the model's vectors when it is missing (a new
 * model, a new database): after a pass, so a first pass over a large corpus fills the table
 * before the graph is built, once, instead of growing it row by row. Web processes search
 * without it meanwhile (an exact scan in the database). The embedded database keeps its vectors
 * in the web process instead (docs/decisions/0020-search-indexes-per-backend.md).
 */
async function prepareVectorSearch(db: Db, embedder: TextEmbedder, log: Log): Promise<void> {
  if (db.mode !== 'server' || (await hasVectorSearchIndex(db, embedder.model))) return;
  const started = performance.now();
  if (await createVectorSearchIndex(db, embedder.model, embedder.dimension)) {
    const seconds = (performance.now() - started) / 1000;
    log.info({}, `Built the vector search index of ${embedder.model} in ${seconds.toFixed(1)} s`);
  }
}

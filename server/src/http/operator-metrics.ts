import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import { embeddingCounts } from '../db/article-vectors.js';
import { latestFinishedCrawlRun } from '../db/crawl-runs.js';
import { lastSuccessfulFetch } from '../db/crawl-state.js';
import {
  deliveryCounts,
  latestDeliveryWeek,
  READER_DELIVERIES,
  SUBSCRIPTION_DELIVERIES,
} from '../db/digest-deliveries.js';
import type { MetricsSources } from './metrics.js';
import { readiness } from './routes/health.js';

const seconds = (date: Date) => date.getTime() / 1000;

/**
 * One read shared by every gauge that asks while it is under way: a registry collects its metrics
 * at once, so the gauges of one scrape read the last crawl run, the readiness and the indexes'
 * states once each.
 */
export function sharedWhilePending<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= read().finally(() => {
      pending = undefined;
    }));
}

/**
 * What an operator watches besides requests, read at scrape time (decision 0032): the admission
 * queue and this process's readiness and search indexes from memory; the crawl, the embedding
 * backlog and the digest from the database, so a web process reports the work of the workers
 * (which have no HTTP port) too.
 */
export function registerOperatorMetrics(
  registry: Registry,
  { db, admission, search }: MetricsSources,
  log: FastifyBaseLogger,
): void {
  const registers = [registry];
  const lastCrawlRun = sharedWhilePending(() => latestFinishedCrawlRun(db));
  const indexStates = sharedWhilePending(() => search.states());

  /**
   * A gauge read from the database at each scrape. A failed read leaves it empty for that scrape
   * (logged), so the rest of the scrape still answers and `absent()` alerts can see it.
   */
  const databaseGauge = <Label extends string>(
    name: string,
    help: string,
    labelNames: readonly Label[],
    read: (gauge: Gauge<Label>) => Promise<void>,
  ) =>
    new Gauge<Label>({
      name,
      help,
      labelNames,
      registers,
      async collect() {
        this.reset();
        await read(this).catch((error: unknown) =>
          log.warn({ err: error, metric: name }, 'A metric could not be read from the database'),
        );
      },
    });

  new Gauge({
    name: 'blogstream_admission_running',
    help: 'API requests being worked on now (at most API_CONCURRENCY).',
    registers,
    collect() {
      this.set(admission.running);
    },
  });
  new Gauge({
    name: 'blogstream_admission_queue_length',
    help: 'API requests waiting for their turn now (at most API_QUEUE).',
    registers,
    collect() {
      this.set(admission.queued);
    },
  });
  new Counter({
    name: 'blogstream_admission_refusals_total',
    help: 'API requests turned away with 503 since start: queue_full, or wait_timeout (API_QUEUE_WAIT_MS).',
    labelNames: ['reason'] as const,
    registers,
    collect() {
      this.reset();
      for (const [reason, count] of Object.entries(admission.refused)) this.inc({ reason }, count);
    },
  });

  databaseGauge(
    'blogstream_ready',
    'Whether /api/health/ready answers 200 (1) or 503 (0).',
    [],
    async (gauge) => {
      gauge.set((await readiness(db, search, log)).ready ? 1 : 0);
    },
  );
  databaseGauge(
    'blogstream_search_index_ready',
    "Whether this process's search index is loaded (1) or still warming up (0).",
    ['index'],
    async (gauge) => {
      for (const { index, ready } of await indexStates()) gauge.set({ index }, ready ? 1 : 0);
    },
  );
  databaseGauge(
    'blogstream_search_index_behind_seconds',
    'How long the oldest change in the database that the index lacks has waited (0: none); absent before its first load.',
    ['index'],
    async (gauge) => {
      for (const { index, secondsBehind } of await indexStates()) {
        if (secondsBehind !== null) gauge.set({ index }, secondsBehind);
      }
    },
  );

  databaseGauge(
    'blogstream_crawl_last_run_sources',
    'Sources of the last finished crawl run, by outcome: fetched, not_modified, failed.',
    ['outcome'],
    async (gauge) => {
      const run = await lastCrawlRun();
      if (!run) return;
      gauge.set({ outcome: 'fetched' }, run.fetched);
      gauge.set({ outcome: 'not_modified' }, run.notModified);
      gauge.set({ outcome: 'failed' }, run.failed);
    },
  );
  databaseGauge(
    'blogstream_crawl_last_run_new_articles',
    'Articles added by the last finished crawl run.',
    [],
    async (gauge) => {
      const run = await lastCrawlRun();
      if (run) gauge.set(run.newArticles);
    },
  );
  databaseGauge(
    'blogstream_crawl_last_run_finished_timestamp_seconds',
    'When the last crawl run finished (Unix time).',
    [],
    async (gauge) => {
      const finishedAt = (await lastCrawlRun())?.finishedAt;
      if (finishedAt) gauge.set(seconds(finishedAt));
    },
  );
  databaseGauge(
    'blogstream_crawl_last_success_timestamp_seconds',
    'When any source was last fetched successfully, by any worker (Unix time).',
    [],
    async (gauge) => {
      const at = await lastSuccessfulFetch(db);
      if (at) gauge.set(seconds(at));
    },
  );

  databaseGauge(
    'blogstream_embedding_articles',
    'Articles with a vector of the current model (embedded) and without one yet (pending: the backlog).',
    ['state'],
    async (gauge) => {
      const model = search.embeddingModel();
      if (!model) return;
      const { articles, embedded } = await embeddingCounts(db, model);
      gauge.set({ state: 'embedded' }, embedded);
      gauge.set({ state: 'pending' }, articles - embedded);
    },
  );

  databaseGauge(
    'blogstream_digest_deliveries',
    'Digests of the last digest week (the newest with deliveries), by recipient kind and status.',
    ['kind', 'status'],
    async (gauge) => {
      const tables = { reader: READER_DELIVERIES, subscription: SUBSCRIPTION_DELIVERIES };
      for (const [kind, table] of Object.entries(tables)) {
        const week = await latestDeliveryWeek(db, table);
        if (!week) continue;
        const counts = await deliveryCounts(db, table, week);
        for (const [status, count] of Object.entries(counts)) gauge.set({ kind, status }, count);
      }
    },
  );
}

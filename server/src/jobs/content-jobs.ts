import type { CrawlTrigger } from '../db/crawl-runs.js';
import type { Db } from '../db/db.js';
import { deriveSourceTopics } from '../db/source-topics.js';
import {
  alertSavedSearches,
  digestOnce,
  hasUnfinishedDigest,
  type DigestJobConfig,
} from './digest-job.js';
import type { DigestTrigger, SummaryFor } from '../mail/digest/run-digest.js';
import type { CrawlConfig } from '../ingestion/crawl-config.js';
import { CrawlProgress, withProgressLines } from '../ingestion/crawl/crawl-progress.js';
import { runCrawl } from '../ingestion/crawl/crawl-run.js';
import { RunFetcher } from '../ingestion/fetch/run-fetcher.js';
import { visitPages } from '../ingestion/page/visit-pages.js';
import { classifyStoredGenres } from '../intelligence/genres/classify-stored-genres.js';
import { classifyStoredTopics } from '../intelligence/topics/classify-stored-topics.js';
import { rederiveStoredPreviews } from '../ingestion/normalise/rederive-previews.js';
import { clusterStories } from '../intelligence/stories/cluster-stories.js';
import { Fetcher } from '../ingestion/fetch/fetcher.js';
import { consoleLog, type Log, type LogLevel } from '../lib/log.js';
import { logoDir } from '../lib/logo-files.js';
import type { SummariesConfig } from '../intelligence/summaries/summaries-config.js';
import { createSummaryService } from '../intelligence/summaries/summary-service.js';
import type { DigestConfig } from '../mail/digest/digest-config.js';
import { embeddingJob } from './embedding-job.js';
import { Scheduler } from './scheduler.js';

/**
 * What the worker's jobs read of the configuration: the crawl's, the summaries' (a digest's
 * summaries), the digest's, the log level, and what a digest run reads.
 */
export type ContentJobsConfig = DigestJobConfig & {
  crawl: CrawlConfig;
  summaries: SummariesConfig;
  digest: DigestConfig;
  logLevel: LogLevel;
};

/** A fetcher configured for crawling from the configuration. */
export function crawlFetcher(crawl: CrawlConfig): Fetcher {
  const { userAgent, timeoutMs, maxBytes, allowPrivate } = crawl;
  return new Fetcher({ userAgent, timeoutMs, maxBytes, allowPrivate });
}

/**
 * One crawl of every due source, then a visit of the pages of the new articles whose feed left
 * something out, as the scheduler and `admin crawl` run it: through one RunFetcher, which gives
 * up on a host whose name does not resolve, with a progress line every CRAWL_PROGRESS_SECONDS.
 */
export async function crawlOnce(
  db: Db,
  fetcher: Fetcher,
  config: Pick<ContentJobsConfig, 'crawl' | 'dataDir'>,
  trigger: CrawlTrigger,
  log: Log,
  signal?: AbortSignal,
) {
  const { concurrency, refreshSeconds, hostIntervalMs, timeoutMs, pageVisits, progressEveryMs } =
    config.crawl;
  const runFetcher = new RunFetcher(fetcher);
  const progress = new CrawlProgress(runFetcher);
  const report = await withProgressLines(progress, log, progressEveryMs, async () => {
    const crawled = await runCrawl(
      db,
      runFetcher,
      {
        trigger,
        concurrency,
        refreshSeconds,
        hostIntervalMs,
        timeoutMs,
        logoDir: logoDir(config.dataDir),
        signal,
        progress,
      },
      log,
    );
    if (pageVisits) {
      const leaseSeconds = Math.ceil(timeoutMs / 1000) * 4 + 60;
      await visitPages(
        db,
        runFetcher,
        { concurrency, hostIntervalMs, leaseSeconds, signal, progress },
        log,
      );
    }
    return crawled;
  });
  await classifyStoredTopics(db, log);
  // Sources without topics of their own take them from their articles (docs/CONTENT.md).
  const retopiced = await deriveSourceTopics(db);
  if (retopiced > 0) log.debug({}, `Topics derived from articles for ${retopiced} sources`);
  await rederiveStoredPreviews(db, log);
  await classifyStoredGenres(db, log);
  await clusterStories(db, log);
  return report;
}

/**
 * The summaries digests carry: the summary service (server/src/intelligence/summaries), which computes an
 * article's summary once and stores it. Uses `fetcher` for title-only articles' pages, or a
 * crawl fetcher of its own (closed by close()).
 */
export function digestSummaryFor(
  db: Db,
  config: Pick<ContentJobsConfig, 'crawl' | 'summaries' | 'logLevel'>,
  fetcher?: Fetcher,
): { summaryFor: SummaryFor; close(): Promise<void> } {
  const pageFetcher = fetcher ?? crawlFetcher(config.crawl);
  const service = createSummaryService({
    db,
    summaries: config.summaries,
    fetcher: pageFetcher,
    log: consoleLog(config.logLevel),
  });
  return {
    summaryFor: (postId) => service.summaryFor(postId),
    close: async () => {
      if (!fetcher) await pageFetcher.close();
    },
  };
}

/** The digest's warnings are written as info lines, like the worker's other job lines. */
function digestLogOf(log: Log): Log {
  return {
    debug: (details, message) => log.debug(details, message),
    info: (details, message) => log.info(details, message),
    warn: (details, message) => log.info(details, message),
    error: (details, message) => log.error(details, message),
  };
}

/**
 * The background work of a worker (ROLE=worker or all): a crawl right after start when
 * CRAWL_ON_START is set, then one on every CRAWL_SCHEDULE tick; embedding the articles without a
 * vector of the current model at start and after every crawl, and the saved searches' alerts after
 * every crawl; the weekly digest on every
 * DIGEST_SCHEDULE tick, and at start the rest of this week's digest if a run stopped before
 * finishing it. Returns the function that stops it, letting running fetches end early.
 */
export function startContentJobs(db: Db, config: ContentJobsConfig, log: Log): () => Promise<void> {
  const fetcher = crawlFetcher(config.crawl);
  const scheduler = new Scheduler((job, error) =>
    log.error({ err: error }, `Job ${job.name} failed`),
  );
  const embed = embeddingJob(db, config, log);
  const alerts = {
    name: 'saved-search-alerts',
    run: async () => void (await alertSavedSearches(db, config, digestLogOf(log))),
  };
  const crawl = (trigger: CrawlTrigger) => ({
    name: 'crawl',
    run: async (signal: AbortSignal) => {
      await crawlOnce(db, fetcher, config, trigger, log, signal);
      void scheduler.runNow(embed);
      // The crawl's new articles may be new matches of saved searches (decision 0040).
      void scheduler.runNow(alerts);
    },
  });
  void scheduler.runNow(embed);
  // Articles stored before the preview, topic, genre or story rules changed (or before they
  // existed) get theirs now.
  void scheduler.runNow({
    name: 'previews',
    run: async () => void (await rederiveStoredPreviews(db, log)),
  });
  void scheduler.runNow({
    name: 'topics',
    run: async () => void (await classifyStoredTopics(db, log)),
  });
  void scheduler.runNow({
    name: 'genres',
    run: async () => void (await classifyStoredGenres(db, log)),
  });
  void scheduler.runNow({ name: 'stories', run: async () => void (await clusterStories(db, log)) });
  if (config.crawl.onStart) void scheduler.runNow(crawl('start'));
  if (config.crawl.schedule) scheduler.every(config.crawl.schedule, crawl('schedule'));
  const digest = (trigger: DigestTrigger) => ({
    name: 'digest',
    run: async (signal: AbortSignal) => {
      // At start only a run of this week that stopped halfway is finished; nobody new is enrolled.
      const enrol = trigger !== 'start';
      if (!enrol && !(await hasUnfinishedDigest(db))) return;
      const summaries = digestSummaryFor(db, config, fetcher);
      try {
        await digestOnce(db, config, digestLogOf(log), {
          trigger,
          enrol,
          signal,
          summaryFor: summaries.summaryFor,
        });
      } finally {
        await summaries.close();
      }
    },
  });
  if (config.digest.schedule) {
    void scheduler.runNow(digest('start'));
    scheduler.every(config.digest.schedule, digest('schedule'));
  }
  return async () => {
    await scheduler.stop();
    await fetcher.close();
  };
}

import type { Config } from '../config.js';
import type { CrawlTrigger } from '../db/crawl-runs.js';
import type { Db } from '../db/db.js';
import { runCrawl, type CrawlLog } from '../ingestion/crawl/crawl-run.js';
import { Fetcher } from '../ingestion/fetch/fetcher.js';
import { logoDir } from '../logos/logo-files.js';
import { Scheduler } from './scheduler.js';

/** A fetcher configured for crawling from the configuration. */
export function crawlFetcher(config: Config): Fetcher {
  const { userAgent, timeoutMs, maxBytes, allowPrivate } = config.crawl;
  return new Fetcher({ userAgent, timeoutMs, maxBytes, allowPrivate });
}

/** One crawl of every due source, as the scheduler and `admin crawl` run it. */
export function crawlOnce(
  db: Db,
  fetcher: Fetcher,
  config: Config,
  trigger: CrawlTrigger,
  log: CrawlLog,
  signal?: AbortSignal,
) {
  const { concurrency, refreshSeconds, hostIntervalMs, timeoutMs } = config.crawl;
  return runCrawl(
    db,
    fetcher,
    {
      trigger,
      concurrency,
      refreshSeconds,
      hostIntervalMs,
      timeoutMs,
      logoDir: logoDir(config.dataDir),
      signal,
    },
    log,
  );
}

/**
 * The background work of a worker (ROLE=worker or all): a crawl right after start when
 * CRAWL_ON_START is set, then one on every CRAWL_SCHEDULE tick. Returns the function that stops
 * it, letting running fetches end early.
 */
export function startContentJobs(db: Db, config: Config, log: CrawlLog): () => Promise<void> {
  const fetcher = crawlFetcher(config);
  const scheduler = new Scheduler((job, error) => log.error(`Job ${job.name} failed`, error));
  const crawl = (trigger: CrawlTrigger) => ({
    name: 'crawl',
    run: async (signal: AbortSignal) => {
      await crawlOnce(db, fetcher, config, trigger, log, signal);
    },
  });
  if (config.crawl.onStart) void scheduler.runNow(crawl('start'));
  if (config.crawl.schedule) scheduler.every(config.crawl.schedule, crawl('schedule'));
  return async () => {
    await scheduler.stop();
    await fetcher.close();
  };
}

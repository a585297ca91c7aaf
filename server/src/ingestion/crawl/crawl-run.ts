import { setTimeout as sleep } from 'node:timers/promises';
import { claimDueSource, countClaimableSources, type ClaimedSource } from '../../db/crawl-state.js';
import {
  finishCrawlRun,
  startCrawlRun,
  type CrawlCounts,
  type CrawlTrigger,
} from '../../db/crawl-runs.js';
import type { Db } from '../../db/db.js';
import type { Log } from '../../lib/log.js';
import type { FetchClient } from '../fetch/run-fetcher.js';
import { isLogoDue, refreshLogo } from '../logos/refresh-logo.js';
import type { CrawlProgress } from './crawl-progress.js';
import { crawlSource, type CrawlOutcome } from './crawl-source.js';

export interface CrawlRunOptions {
  trigger: CrawlTrigger;
  concurrency: number;
  refreshSeconds: number;
  hostIntervalMs: number;
  /** One fetch's deadline (crawlLeaseSeconds). */
  timeoutMs: number;
  /** Where fetched site icons are written (DATA_DIR/logos). */
  logoDir: string;
  signal?: AbortSignal;
  progress?: CrawlProgress;
}

/** How long a source stays leased for one crawl: longer than a feed and two logo fetches. */
export function crawlLeaseSeconds(fetchTimeoutMs: number): number {
  return Math.ceil((3 * fetchTimeoutMs) / 1000) + 60;
}

export interface CrawlReport extends CrawlCounts {
  runId: number;
  durationMs: number;
  failuresByCode: Record<string, number>;
}

/** While due sources wait for their host, a worker looks again this often. */
const MAX_IDLE_WAIT_MS = 500;

function describe(report: CrawlReport, trigger: CrawlTrigger): string {
  const failures = Object.entries(report.failuresByCode)
    .sort(([, a], [, b]) => b - a)
    .map(([code, count]) => `${code} ${count}`)
    .join(', ');
  const total = report.fetched + report.notModified + report.failed;
  return (
    `Crawl run ${report.runId} (${trigger}): ${total} feeds in ${(report.durationMs / 1000).toFixed(1)} s, ` +
    `${report.fetched} fetched, ${report.notModified} not modified, ${report.failed} failed` +
    `${failures ? ` (${failures})` : ''}, ${report.newArticles} new articles`
  );
}

/**
 * One crawl of every due source: `concurrency` workers claim due sources one at a time from the
 * database (so other processes crawling at once take other sources) until none is due. Logs one
 * summary line; per-source failures are recorded on the sources and logged at debug level only.
 */
export async function runCrawl(
  db: Db,
  fetcher: FetchClient,
  options: CrawlRunOptions,
  log: Log,
): Promise<CrawlReport> {
  const started = performance.now();
  const runId = await startCrawlRun(db, options.trigger);
  const report: CrawlReport = {
    runId,
    durationMs: 0,
    fetched: 0,
    notModified: 0,
    failed: 0,
    newArticles: 0,
    failuresByCode: {},
  };
  options.progress?.followSources(await countClaimableSources(db), report);
  const leaseSeconds = crawlLeaseSeconds(options.timeoutMs);

  const count = (source: ClaimedSource, outcome: CrawlOutcome) => {
    if (outcome.status === 'ok') {
      report.fetched += 1;
      report.newArticles += outcome.newArticles;
    } else if (outcome.status === 'not_modified') {
      report.notModified += 1;
    } else if (outcome.status === 'error') {
      report.failed += 1;
      report.failuresByCode[outcome.code] = (report.failuresByCode[outcome.code] ?? 0) + 1;
      if (outcome.unexpected) {
        log.error({ err: outcome.unexpected }, `Crawling ${source.url_name} failed unexpectedly`);
      } else log.debug({}, `Feed ${source.url_name} failed: ${outcome.code} ${outcome.message}`);
    }
  };

  const worker = async () => {
    while (!options.signal?.aborted) {
      const source = await claimDueSource(db, {
        leaseSeconds,
        hostIntervalMs: options.hostIntervalMs,
      });
      if (!source) {
        if ((await countClaimableSources(db)) === 0) return;
        await sleep(Math.min(Math.max(options.hostIntervalMs, 20), MAX_IDLE_WAIT_MS));
        continue;
      }
      const outcome = await crawlSource(source, {
        db,
        fetcher,
        refreshSeconds: options.refreshSeconds,
        signal: options.signal,
      });
      count(source, outcome);
      if (outcome.status === 'ok' && isLogoDue(source)) {
        await refreshLogo(source, {
          db,
          fetcher,
          logoDir: options.logoDir,
          signal: options.signal,
        });
      }
    }
  };

  try {
    const workers = Array.from({ length: options.concurrency }, () => worker());
    const results = await Promise.allSettled(workers);
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) log.error({ err: failure.reason }, 'A crawl worker stopped early');
  } finally {
    report.durationMs = Math.round(performance.now() - started);
    await finishCrawlRun(db, runId, report);
    log.info({}, describe(report, options.trigger));
  }
  return report;
}

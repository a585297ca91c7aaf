import type { CrawlCounts } from '../../db/crawl-runs.js';
import type { Log } from '../../lib/log.js';
import type { RunFetcher } from '../fetch/run-fetcher.js';
import type { HostWait, PageVisitReport } from '../page/visit-pages.js';

/** Hosts named in a progress line, most waited for first. */
const HOSTS_SHOWN = 3;

interface FollowedSources {
  due: number;
  counts: CrawlCounts;
}

interface FollowedPages {
  report: PageVisitReport;
  /** Pages claimed for this run and not visited or skipped yet. */
  queued: () => number;
  hostWaits: () => HostWait[];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Where a crawl run stands (docs/CONTENT.md, "Progress and unreachable hosts"): runCrawl and
 * visitPages hand it their live counts, and line() reads them, as `withProgressLines` writes it
 * every few seconds while the run lasts. Nothing is counted twice: the figures are the run's own.
 */
export class CrawlProgress {
  private readonly started = performance.now();
  private sources: FollowedSources | undefined;
  private pages: FollowedPages | undefined;

  constructor(private readonly fetcher: RunFetcher) {}

  followSources(due: number, counts: CrawlCounts): void {
    this.sources = { due, counts };
  }

  followPages(report: PageVisitReport, live: Omit<FollowedPages, 'report'>): void {
    this.pages = { report, ...live };
  }

  line(): string {
    const parts: string[] = [];
    if (this.sources) {
      const { due, counts } = this.sources;
      const done = counts.fetched + counts.notModified + counts.failed;
      parts.push(
        `sources ${done}/${Math.max(due, done)} done (${counts.failed} failed), ` +
          `${counts.newArticles} new articles`,
      );
    }
    if (this.pages) {
      const { report, queued, hostWaits } = this.pages;
      const waits = hostWaits();
      const waiting = waits
        .slice(0, HOSTS_SHOWN)
        .map((wait) => `${wait.host} ${wait.pages} (${seconds(wait.untilMs)})`)
        .join(', ');
      parts.push(
        `pages ${report.visited} read, ${report.failed} unreadable, ${report.skipped} skipped, ` +
          `${queued()} to go` +
          (waiting ? `, waiting for their host's turn: ${waiting}` : ''),
      );
    }
    if (this.fetcher.hostsGivenUp > 0) {
      parts.push(
        `hosts given up (name did not resolve): ${this.fetcher.hostsGivenUp}, ` +
          `fetches not tried: ${this.fetcher.skipped}`,
      );
    }
    return `Crawl progress after ${seconds(performance.now() - this.started)}: ${parts.join('; ')}`;
  }
}

/** Runs `work`, writing `progress.line()` every `everyMs` (0: never) until it settles. */
export async function withProgressLines<T>(
  progress: CrawlProgress,
  log: Log,
  everyMs: number,
  work: () => Promise<T>,
): Promise<T> {
  if (everyMs <= 0) return work();
  const timer = setInterval(() => log.info({}, progress.line()), everyMs);
  timer.unref();
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

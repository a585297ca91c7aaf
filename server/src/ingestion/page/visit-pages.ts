import { setTimeout as sleep } from 'node:timers/promises';
import {
  claimPagesToVisit,
  pageVisitCounts,
  recordPageFailure,
  recordPageVisit,
  type ArticleToVisit,
  type PageFindings,
} from '../../db/article-pages.js';
import type { Db } from '../../db/db.js';
import type { Log } from '../../lib/log.js';
import type { CrawlProgress } from '../crawl/crawl-progress.js';
import { HostGivenUpError, type RunFetcher } from '../fetch/run-fetcher.js';
import { MAX_CONTENT_LENGTH } from '../normalise/normalise-entry.js';
import { choosePreview } from '../normalise/preview.js';
import { decodeText } from '../parse/decode-text.js';
import { truncateText } from '../sanitise/html-to-text.js';
import { extractArticlePage, type ArticlePage } from './extract-page.js';
import { MAX_PAGE_BYTES } from './readable-article.js';

const PAGE_ACCEPT = 'text/html, application/xhtml+xml;q=0.9, */*;q=0.1';
/** Visits one run makes at most, so a large backlog never holds up the next crawl for long. */
const MAX_VISITS_PER_RUN = 2000;

export interface PageVisitOptions {
  /** Pages fetched at once. */
  concurrency: number;
  /** The least time between two requests to one host. */
  hostIntervalMs: number;
  /** How long a claimed article stays this run's. */
  leaseSeconds: number;
  signal?: AbortSignal;
  progress?: CrawlProgress;
}

export interface PageVisitReport {
  visited: number;
  failed: number;
  /** Not tried: their host's name did not resolve earlier in the run (left pending). */
  skipped: number;
  /** Left for the next run. */
  pending: number;
  durationMs: number;
}

/**
 * What an article takes from its page: the page's date when the feed had none, its declared
 * image (og:image and the like) over one guessed from the feed's text, its main text (and its
 * blocks) when that is longer than the feed's, and a preview from it when the feed gave none that reads as prose.
 */
export function mergePage(article: ArticleToVisit, page: ArticlePage): PageFindings {
  const pageText = page.mainText.length > article.content.length;
  return {
    publishingDate: article.publishingDate ?? page.publishedAt,
    image: article.imageDeclared ? article.image : (page.imageUrl ?? article.image),
    description:
      article.description || choosePreview(article.title, page.excerpt ?? '', page.mainText),
    content: pageText ? truncateText(page.mainText, MAX_CONTENT_LENGTH) : article.content,
    blocks: pageText ? page.blocks : null,
  };
}

/** Pages waiting for their host's turn, and when the last of them goes. */
export interface HostWait {
  host: string;
  pages: number;
  untilMs: number;
}

/** Spaces requests to one host by `intervalMs`, whichever visitor makes them. */
export class HostTurns {
  private readonly nextFree = new Map<string, number>();
  private readonly waiting = new Map<string, number>();

  constructor(private readonly intervalMs: number) {}

  async wait(host: string): Promise<void> {
    const now = Date.now();
    const start = Math.max(now, this.nextFree.get(host) ?? 0);
    this.nextFree.set(host, start + this.intervalMs);
    if (start <= now) return;
    this.waiting.set(host, (this.waiting.get(host) ?? 0) + 1);
    try {
      await sleep(start - now);
    } finally {
      const left = (this.waiting.get(host) ?? 1) - 1;
      if (left > 0) this.waiting.set(host, left);
      else this.waiting.delete(host);
    }
  }

  /** The hosts pages are waiting for, most waited for first. */
  waits(): HostWait[] {
    const now = Date.now();
    return [...this.waiting]
      .map(([host, pages]) => ({
        host,
        pages,
        untilMs: Math.max(0, (this.nextFree.get(host) ?? now) - this.intervalMs - now),
      }))
      .sort((a, b) => b.pages - a.pages);
  }
}

async function visit(
  db: Db,
  fetcher: RunFetcher,
  article: ArticleToVisit,
  signal: AbortSignal | undefined,
): Promise<'visited' | 'failed' | 'skipped' | 'cancelled'> {
  try {
    const response = await fetcher.fetch({
      url: article.link,
      accept: PAGE_ACCEPT,
      maxBytes: MAX_PAGE_BYTES,
      signal,
    });
    if (response.status !== 'ok' || !/html/i.test(response.contentType ?? 'text/html')) {
      await recordPageFailure(db, article.postId);
      return 'failed';
    }
    const page = extractArticlePage(
      decodeText(response.body, response.contentType),
      response.baseUrl,
    );
    await recordPageVisit(db, article.postId, mergePage(article, page));
    return 'visited';
  } catch (error) {
    // Shutting down is not the page's fault, nor a host given up on before its page was asked
    // for: the article's lease runs out and a later run tries it again.
    if (signal?.aborted) return 'cancelled';
    if (error instanceof HostGivenUpError) return 'skipped';
    await recordPageFailure(db, article.postId);
    return 'failed';
  }
}

/**
 * Visits the pages of articles whose feed left out their date, image or text (page_state
 * 'pending'), newest first, `concurrency` at a time and never two at once to one host, at most
 * MAX_VISITS_PER_RUN a run. A page that cannot be read leaves the article as its feed gave it;
 * the pages of a host the run gave up on (RunFetcher) are skipped and stay pending.
 */
export async function visitPages(
  db: Db,
  fetcher: RunFetcher,
  options: PageVisitOptions,
  log: Log,
): Promise<PageVisitReport> {
  const started = performance.now();
  const turns = new HostTurns(options.hostIntervalMs);
  const report: PageVisitReport = { visited: 0, failed: 0, skipped: 0, pending: 0, durationMs: 0 };
  let claimed = 0;
  options.progress?.followPages(report, {
    queued: () => claimed - report.visited - report.failed - report.skipped,
    hostWaits: () => turns.waits(),
  });

  const worker = async (queue: ArticleToVisit[]) => {
    for (let article = queue.shift(); article; article = queue.shift()) {
      if (fetcher.hasGivenUp(article.link)) {
        report.skipped += 1;
        continue;
      }
      await turns.wait(new URL(article.link).host);
      const outcome = await visit(db, fetcher, article, options.signal);
      if (outcome === 'cancelled') return;
      report[outcome] += 1;
    }
  };

  try {
    while (claimed < MAX_VISITS_PER_RUN && !options.signal?.aborted) {
      const batch = await claimPagesToVisit(
        db,
        Math.min(options.concurrency * 8, MAX_VISITS_PER_RUN - claimed),
        options.leaseSeconds,
      );
      if (batch.length === 0) break;
      claimed += batch.length;
      await Promise.all(Array.from({ length: options.concurrency }, () => worker(batch)));
    }
  } finally {
    report.pending = (await pageVisitCounts(db)).pending;
    report.durationMs = Math.round(performance.now() - started);
    if (claimed > 0) {
      log.info(
        {},
        `Page visits: ${report.visited} pages read, ${report.failed} unreadable, ` +
          `${report.skipped} skipped (host did not resolve) in ` +
          `${(report.durationMs / 1000).toFixed(1)} s, ${report.pending} still to visit`,
      );
    }
  }
  return report;
}

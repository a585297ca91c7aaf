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
import type { Fetcher } from '../fetch/fetcher.js';
import { MAX_CONTENT_LENGTH } from '../normalise/normalise-entry.js';
import { choosePreview } from '../normalise/preview.js';
import { decodeText } from '../parse/decode-text.js';
import { truncateText } from '../sanitise/html-to-text.js';
import { extractArticlePage, type ArticlePage } from './extract-page.js';
import { MAX_PAGE_BYTES } from './readable-article.js';

const PAGE_ACCEPT = 'text/html, application/xhtml+xml;q=0.9, */*;q=0.1';
/** Visits one run makes at most, so a large backlog never holds up the next crawl for long. */
const MAX_VISITS_PER_RUN = 2000;
const PROGRESS_EVERY = 200;

export interface PageVisitOptions {
  /** Pages fetched at once. */
  concurrency: number;
  /** The least time between two requests to one host. */
  hostIntervalMs: number;
  /** How long a claimed article stays this run's. */
  leaseSeconds: number;
  signal?: AbortSignal;
}

export interface PageVisitReport {
  visited: number;
  failed: number;
  /** Left for the next run. */
  pending: number;
  durationMs: number;
}

/**
 * What an article takes from its page: the page's date when the feed had none, its declared
 * image (og:image and the like) over one guessed from the feed's text, its main text when that
 * is longer than the feed's, and a preview from it when the feed gave none that reads as prose.
 */
export function mergePage(article: ArticleToVisit, page: ArticlePage): PageFindings {
  const content =
    page.mainText.length > article.content.length
      ? truncateText(page.mainText, MAX_CONTENT_LENGTH)
      : article.content;
  return {
    publishingDate: article.publishingDate ?? page.publishedAt,
    image: article.imageDeclared ? article.image : (page.imageUrl ?? article.image),
    description:
      article.description || choosePreview(article.title, page.excerpt ?? '', page.mainText),
    content,
  };
}

/** Spaces requests to one host by `intervalMs`, whichever visitor makes them. */
class HostTurns {
  private readonly nextFree = new Map<string, number>();

  constructor(private readonly intervalMs: number) {}

  async wait(host: string): Promise<void> {
    const now = Date.now();
    const start = Math.max(now, this.nextFree.get(host) ?? 0);
    this.nextFree.set(host, start + this.intervalMs);
    if (start > now) await sleep(start - now);
  }
}

async function visit(
  db: Db,
  fetcher: Fetcher,
  article: ArticleToVisit,
  signal: AbortSignal | undefined,
): Promise<'visited' | 'failed' | 'cancelled'> {
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
  } catch {
    // Shutting down is not the page's fault: the article's lease runs out and it is tried again.
    if (signal?.aborted) return 'cancelled';
    await recordPageFailure(db, article.postId);
    return 'failed';
  }
}

/**
 * Visits the pages of articles whose feed left out their date, image or text (page_state
 * 'pending'), newest first, `concurrency` at a time and never two at once to one host, at most
 * MAX_VISITS_PER_RUN a run. A page that cannot be read leaves the article as its feed gave it.
 */
export async function visitPages(
  db: Db,
  fetcher: Fetcher,
  options: PageVisitOptions,
  log: Log,
): Promise<PageVisitReport> {
  const started = performance.now();
  const turns = new HostTurns(options.hostIntervalMs);
  const report: PageVisitReport = { visited: 0, failed: 0, pending: 0, durationMs: 0 };
  let claimed = 0;

  const worker = async (queue: ArticleToVisit[]) => {
    for (let article = queue.shift(); article; article = queue.shift()) {
      await turns.wait(new URL(article.link).host);
      const outcome = await visit(db, fetcher, article, options.signal);
      if (outcome === 'cancelled') return;
      report[outcome] += 1;
      const done = report.visited + report.failed;
      if (done % PROGRESS_EVERY === 0) {
        log.info({}, `Page visits: ${report.visited} read, ${report.failed} unreadable so far`);
      }
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
        `Page visits: ${report.visited} pages read, ${report.failed} unreadable in ` +
          `${(report.durationMs / 1000).toFixed(1)} s, ${report.pending} still to visit`,
      );
    }
  }
  return report;
}

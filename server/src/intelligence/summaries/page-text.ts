/**
 * An article's page as plain text: fetched with the crawler's guarded Fetcher (public addresses
 * only, deadline, size cap, at most 5 redirects), reduced to the article by Readability over
 * linkedom, and written out as paragraphs separated by blank lines, like stored article text.
 */
import type { CrawlConfig } from '../../ingestion/crawl-config.js';
import { Fetcher } from '../../ingestion/fetch/fetcher.js';
import {
  MAX_PAGE_BYTES,
  blockText,
  parseHtmlDocument,
  readableArticle,
  type DomNode,
} from '../../ingestion/page/readable-article.js';

/** A reader waits for the page: a shorter deadline than the crawler's background fetches. */
const PAGE_TIMEOUT_MS = 15_000;

/** The crawler's guarded fetcher (public addresses only), tuned for reading one article page. */
export function pageFetcher(crawl: CrawlConfig): Fetcher {
  const { userAgent, timeoutMs, allowPrivate } = crawl;
  return new Fetcher({
    userAgent,
    timeoutMs: Math.min(timeoutMs, PAGE_TIMEOUT_MS),
    maxBytes: MAX_PAGE_BYTES,
    allowPrivate,
  });
}

export class PageTextError extends Error {
  override name = 'PageTextError';

  constructor(
    readonly code: 'FETCH_FAILED' | 'NOT_HTML' | 'NO_ARTICLE',
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
function charsetOf(contentType: string | undefined, body: Buffer): string {
  const declared =
    /charset=["']?([\w-]+)/i.exec(contentType ?? '')?.[1] ??
    /<meta[^>]+charset=["']?([\w-]+)/i.exec(body.subarray(0, 4096).toString('latin1'))?.[1];
  try {
    return declared ? new TextDecoder(declared).encoding : 'utf-8';
  } catch {
    return 'utf-8';
  }
}

/** The readable article in an HTML document, as paragraphs of plain text. */
export function articleTextOfHtml(html: string): string {
  let article: DomNode | null;
  try {
    article = readableArticle(parseHtmlDocument(html));
  } catch (error) {
    throw new PageTextError('NO_ARTICLE', 'the page could not be read as an article', {
      cause: error,
    });
  }
  if (!article) throw new PageTextError('NO_ARTICLE', 'no article found on the page');
  return blockText(article);
}

/** Fetches the article's page and returns its text. */
export async function fetchPageText(fetcher: Fetcher, url: string): Promise<string> {
  let outcome;
  try {
    outcome = await fetcher.fetch({
      url,
      accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
      maxBytes: MAX_PAGE_BYTES,
    });
  } catch (error) {
    throw new PageTextError('FETCH_FAILED', `the page could not be fetched: ${String(error)}`, {
      cause: error,
    });
  }
  if (outcome.status !== 'ok') {
    throw new PageTextError('FETCH_FAILED', 'the page answered 304 to an unconditional request');
  }
  const { contentType, body } = outcome;
  if (contentType && !/html|xml/i.test(contentType)) {
    throw new PageTextError('NOT_HTML', `the page is ${contentType.split(';')[0]}, not HTML`);
  }
  const html = new TextDecoder(charsetOf(contentType, body)).decode(body);
  return articleTextOfHtml(html);
}

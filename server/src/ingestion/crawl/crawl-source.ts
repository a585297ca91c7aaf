import {
  recordFetchFailure,
  recordFetchSuccess,
  releaseSource,
  type ClaimedSource,
} from '../../db/crawl-state.js';
import type { Db } from '../../db/db.js';
import { dedupeArticles } from '../dedupe/dedupe-articles.js';
import { feedLinks } from '../discover/feed-links.js';
import { FetchError } from '../fetch/fetch-error.js';
import type { FetchOutcome } from '../fetch/fetcher.js';
import type { FetchClient } from '../fetch/run-fetcher.js';
import type { ArticleToStore } from '../../db/article-store.js';
import { normaliseEntry, type FeedContext } from '../normalise/normalise-entry.js';
import { decodeText } from '../parse/decode-text.js';
import { FeedParseError, parseFeed, type ParsedFeed } from '../parse/parse-feed.js';
import { storeFeed } from '../store/store-articles.js';
import { nextDueAfterFailure, nextDueAfterSuccess } from './schedule-next.js';

export const FEED_ACCEPT =
  'application/rss+xml, application/atom+xml, application/feed+json, application/rdf+xml;q=0.9, ' +
  'application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, */*;q=0.5';

export type CrawlOutcome =
  | { status: 'ok'; newArticles: number }
  | { status: 'not_modified' }
  | { status: 'cancelled' }
  | { status: 'error'; code: string; message: string; unexpected?: unknown };

export interface CrawlSourceDeps {
  db: Db;
  fetcher: FetchClient;
  refreshSeconds: number;
  signal?: AbortSignal;
}

type Fetched = Extract<FetchOutcome, { status: 'ok' }>;

interface ReadFeed {
  feed: ParsedFeed;
  response: Fetched;
  /** Set when the source's URL was a page and this feed was found on it. */
  discoveredUrl?: string;
}

function toArticles(feed: ParsedFeed, source: ClaimedSource, response: Fetched): ArticleToStore[] {
  const context: FeedContext = {
    documentUrl: response.baseUrl,
    format: feed.format,
    siteUrl: feed.siteUrl,
    baseUrl: feed.baseUrl,
    fetchedAt: new Date(),
    sourceTopics: source.topics,
  };
  const articles: ArticleToStore[] = [];
  for (const entry of feed.entries) {
    try {
      const article = normaliseEntry(entry, context);
      if (article) articles.push(article);
    } catch {
      // One odd item never costs the rest of the feed.
    }
  }
  return dedupeArticles(articles);
}

/**
 * Sources added by people (OPML, submissions) may give a site's page instead of its feed: until
 * the source has worked once, a page is searched for the feed it announces. Catalogue URLs are
 * curated, and the catalogue would put the old URL back at the next start anyway.
 */
function mayAutodiscover(source: ClaimedSource): boolean {
  return source.origin !== 'catalogue' && source.last_success_at === null;
}

async function readFeed(
  source: ClaimedSource,
  response: Fetched,
  deps: CrawlSourceDeps,
): Promise<ReadFeed> {
  const text = decodeText(response.body, response.contentType);
  try {
    return { feed: parseFeed(text), response };
  } catch (error) {
    const isPage = error instanceof FeedParseError && error.code === 'NOT_A_FEED';
    const [discoveredUrl] = isPage && mayAutodiscover(source) ? feedLinks(text, response.url) : [];
    if (!discoveredUrl) throw error;
    const discovered = await deps.fetcher.fetch({
      url: discoveredUrl,
      accept: FEED_ACCEPT,
      signal: deps.signal,
    });
    if (discovered.status !== 'ok') throw error;
    const feed = parseFeed(decodeText(discovered.body, discovered.contentType));
    return { feed, response: discovered, discoveredUrl };
  }
}

function failureOf(error: unknown) {
  if (error instanceof FetchError) {
    const httpStatus = error.details.httpStatus ?? null;
    return {
      code: httpStatus ? `HTTP_${httpStatus}` : error.code,
      message: error.message,
      httpStatus,
      retryAfterSeconds: error.details.retryAfterSeconds,
    };
  }
  if (error instanceof FeedParseError) {
    return { code: error.code, message: error.message, httpStatus: 200 };
  }
  if ((error as { constraint?: string }).constraint === 'sources_feed_url_key') {
    return {
      code: 'FEED_EXISTS',
      message: 'the discovered feed belongs to another source',
      httpStatus: 200,
    };
  }
  return {
    code: 'INTERNAL_ERROR',
    message: 'an unexpected error (see the server log)',
    httpStatus: null,
    unexpected: error,
  };
}

/**
 * One source through fetch -> parse -> normalise -> dedupe -> store, ending as ok, not_modified
 * or error(code) recorded on the source. Nothing a feed does escapes this function; only a
 * database failure while recording the outcome does.
 */
export async function crawlSource(
  source: ClaimedSource,
  deps: CrawlSourceDeps,
): Promise<CrawlOutcome> {
  const { db, fetcher } = deps;
  try {
    const fetched = await fetcher.fetch({
      url: source.feed_url,
      accept: FEED_ACCEPT,
      etag: source.etag,
      lastModified: source.last_modified,
      signal: deps.signal,
    });
    const nextDueInSeconds = nextDueAfterSuccess(deps.refreshSeconds);
    if (fetched.status === 'not_modified') {
      await recordFetchSuccess(db, source.source_id, {
        status: 'not_modified',
        httpStatus: 304,
        etag: null,
        lastModified: null,
        newArticles: 0,
        nextDueInSeconds,
      });
      return { status: 'not_modified' };
    }
    const { feed, response, discoveredUrl } = await readFeed(source, fetched, deps);
    const articles = toArticles(feed, source, response);
    const newArticles = await storeFeed(db, source.source_id, articles, {
      httpStatus: response.httpStatus,
      etag: response.etag ?? null,
      lastModified: response.lastModified ?? null,
      nextDueInSeconds,
      discoveredUrl,
      feedTitle: feed.title,
    });
    return { status: 'ok', newArticles };
  } catch (error) {
    if (error instanceof FetchError && error.code === 'ABORTED') {
      // Shutting down is not the feed's fault: no failure, no back-off.
      await releaseSource(db, source.source_id);
      return { status: 'cancelled' };
    }
    const failure = failureOf(error);
    await recordFetchFailure(db, source.source_id, {
      code: failure.code,
      message: failure.message,
      httpStatus: failure.httpStatus,
      nextDueInSeconds: nextDueAfterFailure(
        source.error_count + 1,
        deps.refreshSeconds,
        failure.retryAfterSeconds,
      ),
    });
    return {
      status: 'error',
      code: failure.code,
      message: failure.message,
      unexpected: failure.unexpected,
    };
  }
}

/**
 * The automated checks of a blog submission (POST /api/submit_source), run before an operator
 * reviews it and shown to the submitter: a feed is found at the address (the address is a feed,
 * or its page announces one, as the crawler's autodiscovery finds it), the feed is valid, it has
 * recent posts, and no known source already has it. Fetches go through the crawler's guarded
 * Fetcher (public addresses only, deadline, size cap, at most five redirects).
 */
import {
  SOURCE_ACTIVITY_DAYS,
  type SubmissionCheck,
  type SubmissionCheckName,
} from '@blogstream/shared/contract';
import type { Db } from '../../db/db.js';
import { knownSourceAddresses, type KnownSourceRow } from '../../db/source-health.js';
import { sourceUrlKey } from '../catalogue/source-url-key.js';
import type { CrawlConfig } from '../crawl-config.js';
import { FEED_ACCEPT } from '../crawl/crawl-source.js';
import { feedLinks } from '../discover/feed-links.js';
import { FetchError } from '../fetch/fetch-error.js';
import { Fetcher, type FetchOutcome } from '../fetch/fetcher.js';
import { parseFeedDate } from '../normalise/publishing-date.js';
import { decodeText } from '../parse/decode-text.js';
import { FeedParseError, parseFeed, type ParsedFeed } from '../parse/parse-feed.js';

/** The submitter waits for the checks: a shorter deadline than the crawler's. */
const CHECK_TIMEOUT_MS = 8_000;

export interface SubmissionCheckResult {
  checks: SubmissionCheck[];
  /** The feed the checks read (the address itself, or the feed its page announces). */
  feedUrl: string | null;
  duplicateOf: { url_name: string; long_name: string } | null;
}

/** Checks one submitted address; never throws for anything the address does. */
export type SubmissionChecker = (url: string) => Promise<SubmissionCheckResult>;

type Fetched = Extract<FetchOutcome, { status: 'ok' }>;

const CHECK_ORDER: SubmissionCheckName[] = [
  'feedFound',
  'validFeed',
  'recentPosts',
  'notDuplicate',
];

function fetchProblem(error: unknown): string {
  if (error instanceof FetchError) {
    const status = error.details.httpStatus;
    if (status) return `answered HTTP ${status}`;
    if (error.code === 'DNS_FAILED') return 'has a host name that does not resolve';
    if (error.code === 'BLOCKED_ADDRESS') return 'is not on the public internet';
    if (error.code === 'TIMEOUT') return 'did not answer in time';
    if (error.code === 'TOO_LARGE') return 'answered more than a feed may hold';
    return `could not be fetched (${error.message})`;
  }
  return 'could not be fetched';
}

/**
 * The known source a submission duplicates: one with the same feed, or the only one with the same
 * site (several sources on one site say nothing about which a new feed would be), addresses
 * compared as the catalogue compares them (`sourceUrlKey`).
 */
export function findDuplicate(
  known: KnownSourceRow[],
  addresses: { feedUrls: string[]; siteUrls: string[] },
): KnownSourceRow | undefined {
  const feedKeys = new Set(addresses.feedUrls.flatMap((url) => sourceUrlKey(url) ?? []));
  const byFeed = known.find((source) => {
    const key = sourceUrlKey(source.feed_url);
    return key !== undefined && feedKeys.has(key);
  });
  if (byFeed) return byFeed;
  for (const site of addresses.siteUrls) {
    const key = sourceUrlKey(site);
    if (!key) continue;
    const matches = known.filter((source) => sourceUrlKey(source.site_url) === key);
    if (matches.length === 1) return matches[0];
  }
  return undefined;
}

/** The newest entry date of a feed, if any entry has a readable one. */
function newestEntry(feed: ParsedFeed): Date | undefined {
  let newest: Date | undefined;
  const tolerance = Date.now() + 48 * 3600 * 1000;
  for (const entry of feed.entries) {
    const date = parseFeedDate(entry.published);
    if (date && date.getTime() <= tolerance && (!newest || date > newest)) newest = date;
  }
  return newest;
}

/** The checks run with `fetcher` against the known sources in `db`; `siteName` speaks for the site. */
export function submissionChecker(db: Db, fetcher: Fetcher, siteName: string): SubmissionChecker {
  return async (url) => {
    const results = new Map<SubmissionCheckName, SubmissionCheck>();
    const set = (name: SubmissionCheckName, status: SubmissionCheck['status'], detail: string) =>
      results.set(name, { name, status, detail });
    let feedUrl: string | null = null;
    let feed: ParsedFeed | undefined;
    let siteUrl: string | undefined;

    // No validators are sent, so every answer is a body ('not_modified' needs an ETag).
    const get = async (address: string) =>
      (await fetcher.fetch({ url: address, accept: FEED_ACCEPT })) as Fetched;
    try {
      const page = await get(url);
      const text = decodeText(page.body, page.contentType);
      try {
        feed = parseFeed(text);
        feedUrl = url;
        set('feedFound', 'passed', 'The address is a feed.');
      } catch (error) {
        if (!(error instanceof FeedParseError) || error.code !== 'NOT_A_FEED') {
          feedUrl = url;
          set('feedFound', 'passed', 'The address is a feed.');
          throw error;
        }
        siteUrl = page.url;
        const [announced] = feedLinks(text, page.url);
        if (!announced) {
          set(
            'feedFound',
            'failed',
            'The page does not announce a feed (no <link rel="alternate">).',
          );
        } else {
          feedUrl = announced;
          set('feedFound', 'passed', `The page announces the feed ${announced}.`);
          try {
            const discovered = await get(announced);
            feed = parseFeed(decodeText(discovered.body, discovered.contentType));
          } catch (feedError) {
            if (feedError instanceof FeedParseError) throw feedError;
            set('validFeed', 'failed', `The feed ${fetchProblem(feedError)}.`);
          }
        }
      }
    } catch (error) {
      if (error instanceof FeedParseError) {
        set('validFeed', 'failed', `The feed cannot be read: ${error.message}.`);
      } else if (!results.has('feedFound')) {
        set('feedFound', 'failed', `The address ${fetchProblem(error)}.`);
      }
    }

    if (feed) {
      const format = { rss: 'RSS', atom: 'Atom', rdf: 'RDF', json: 'JSON Feed' }[feed.format];
      set('validFeed', 'passed', `A valid ${format} feed with ${feed.entries.length} entries.`);
      const newest = newestEntry(feed);
      const recent = newest && Date.now() - newest.getTime() <= SOURCE_ACTIVITY_DAYS * 86_400_000;
      if (recent) {
        set(
          'recentPosts',
          'passed',
          `The newest post is from ${newest.toISOString().slice(0, 10)}.`,
        );
      } else {
        set(
          'recentPosts',
          'failed',
          newest
            ? `The newest post is from ${newest.toISOString().slice(0, 10)}, more than ${SOURCE_ACTIVITY_DAYS} days ago.`
            : 'No post in the feed has a date.',
        );
      }
      siteUrl ??= feed.siteUrl;
    }

    const duplicate = findDuplicate(await knownSourceAddresses(db), {
      feedUrls: [url, ...(feedUrl ? [feedUrl] : [])],
      siteUrls: [url, ...(siteUrl ? [siteUrl] : [])],
    });
    if (duplicate) {
      set('notDuplicate', 'failed', `${siteName} already has this blog: ${duplicate.long_name}.`);
    } else {
      set('notDuplicate', 'passed', `${siteName} does not have this blog yet.`);
    }

    return {
      checks: CHECK_ORDER.map(
        (name) =>
          results.get(name) ?? {
            name,
            status: 'skipped',
            detail: 'Not checked: an earlier check failed.',
          },
      ),
      feedUrl,
      duplicateOf: duplicate
        ? { url_name: duplicate.url_name, long_name: duplicate.long_name }
        : null,
    };
  };
}

/** The crawler's guarded fetcher with the submitter's shorter deadline. */
export function submissionFetcher(crawl: CrawlConfig): Fetcher {
  const { userAgent, timeoutMs, maxBytes, allowPrivate } = crawl;
  return new Fetcher({
    userAgent,
    timeoutMs: Math.min(timeoutMs, CHECK_TIMEOUT_MS),
    maxBytes,
    allowPrivate,
  });
}

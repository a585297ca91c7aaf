/**
 * A reader's OPML import (POST /api/import_opml): every feed of the file is matched to the known
 * sources as the catalogue matches addresses (`KnownSources`: the same feed, or the only source
 * of the same site); a feed no source has yet is created as a source (origin 'opml'), crawled at
 * once through the crawler's own pipeline and guarded fetcher (public addresses only, deadline,
 * size cap), and kept only when that crawl worked. The reader follows what was matched and kept
 * (docs/decisions/0027-personal-opml.md).
 */
import {
  OPML_IMPORT_MAX_FEEDS,
  OPML_IMPORT_MAX_NEW_FEEDS,
  type ImportOpmlResponse,
  type OpmlFollowedSource,
  type OpmlRefusalReason,
} from '@blogstream/shared/contract';
import { insertLeasedSource } from '../../db/crawl-state.js';
import type { Db } from '../../db/db.js';
import { setFollowing } from '../../db/follows.js';
import { deleteUnusedImportedSources, sourceAddresses } from '../../db/sources.js';
import { KnownSources } from '../catalogue/known-sources.js';
import {
  opmlFeeds,
  opmlFeedTitle,
  opmlSourceEntry,
  type OpmlFeed,
} from '../catalogue/opml-import.js';
import { crawlSource } from '../crawl/crawl-source.js';
import type { Fetcher } from '../fetch/fetcher.js';
import { absoluteHttpUrl } from '../normalise/canonical-link.js';

/** New feeds crawled at once: the reader waits for them, the hosts are mostly different. */
const CONCURRENT_CRAWLS = 4;

export type OpmlProblem = 'OPML_INVALID' | 'OPML_TOO_MANY_FEEDS';

/** The file cannot be imported at all (the route answers 400 with the reason). */
export class OpmlImportError extends Error {
  override name = 'OpmlImportError';

  constructor(
    readonly reason: OpmlProblem,
    message: string,
  ) {
    super(message);
  }
}

export interface ReaderOpmlDeps {
  db: Db;
  /** The crawler's guarded fetcher (the blog submission checks' one, with its short deadline). */
  fetcher: Fetcher;
  refreshSeconds: number;
  /** How long a new source stays leased for its first crawl: longer than a fetch can take. */
  leaseSeconds: number;
}

export type ReaderOpmlImporter = (userId: number, opmlText: string) => Promise<ImportOpmlResponse>;

/** Why the first crawl of a new feed failed, as the report says it. */
function refusalOf(code: string): OpmlRefusalReason {
  if (code === 'BLOCKED_ADDRESS') return 'private_address';
  if (code === 'BAD_URL') return 'invalid_url';
  if (['NOT_A_FEED', 'MALFORMED_FEED', 'EMPTY_BODY'].includes(code)) return 'not_a_feed';
  return 'fetch_failed';
}

function readFeeds(opmlText: string): OpmlFeed[] {
  // OPML has no use for a document type; refusing one refuses every entity declaration with it.
  if (/<!DOCTYPE|<!ENTITY/i.test(opmlText)) {
    throw new OpmlImportError(
      'OPML_INVALID',
      'An OPML file may not declare a DOCTYPE or entities.',
    );
  }
  let feeds: OpmlFeed[];
  try {
    feeds = opmlFeeds(opmlText);
  } catch {
    throw new OpmlImportError('OPML_INVALID', 'The file is not an OPML document.');
  }
  if (feeds.length > OPML_IMPORT_MAX_FEEDS) {
    throw new OpmlImportError(
      'OPML_TOO_MANY_FEEDS',
      `The file has ${feeds.length} feeds; at most ${OPML_IMPORT_MAX_FEEDS} can be imported at once.`,
    );
  }
  return feeds;
}

/** Runs `work` on every item, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export function readerOpmlImporter(deps: ReaderOpmlDeps): ReaderOpmlImporter {
  const { db } = deps;
  return async (userId, opmlText) => {
    const feeds = readFeeds(opmlText);
    const existing = await sourceAddresses(db);
    const known = new KnownSources(existing);
    const urlNames = new Set(existing.map((source) => source.url_name));
    const report: ImportOpmlResponse = { added: [], known: [], refused: [] };
    const seen = new KnownSources();
    const unknown: { feed: OpmlFeed; feedUrl: string; siteUrl: string | null }[] = [];

    for (const feed of feeds) {
      const feedUrl = absoluteHttpUrl(feed.outline.xmlUrl)?.href;
      const title = (feed.outline.title ?? feed.outline.text ?? '').trim();
      if (!feedUrl) {
        const written = feed.outline.xmlUrl ?? '';
        report.refused.push({ title: title || written, feed_url: written, reason: 'invalid_url' });
        continue;
      }
      const siteUrl = absoluteHttpUrl(feed.outline.htmlUrl)?.href ?? null;
      const addresses = { feed_url: feedUrl, site_url: siteUrl };
      if (seen.has({ feed_url: feedUrl, site_url: null })) continue; // listed twice in the file
      seen.addFeed(feedUrl);
      const source = known.find(addresses);
      if (source && !report.known.some((row) => row.source_id === source.source_id)) {
        report.known.push({
          source_id: source.source_id,
          url_name: source.url_name,
          long_name: source.long_name,
          feed_url: source.feed_url ?? feedUrl,
        });
      } else if (!source) {
        unknown.push({ feed, feedUrl, siteUrl });
      }
    }

    for (const { feed, feedUrl } of unknown.slice(OPML_IMPORT_MAX_NEW_FEEDS)) {
      report.refused.push({
        title: opmlFeedTitle(feed, feedUrl),
        feed_url: feedUrl,
        reason: 'too_many_new_feeds',
      });
    }
    const added: (OpmlFollowedSource & { order: number })[] = [];
    await eachLimited(
      unknown.slice(0, OPML_IMPORT_MAX_NEW_FEEDS).map((item, order) => ({ ...item, order })),
      CONCURRENT_CRAWLS,
      async ({ feed, feedUrl, siteUrl, order }) => {
        const entry = opmlSourceEntry(feed, feedUrl, siteUrl, urlNames);
        const refuse = (reason: OpmlRefusalReason) => {
          report.refused.push({ title: entry.long_name, feed_url: feedUrl, reason });
        };
        const source = await insertLeasedSource(db, entry, deps.leaseSeconds);
        if (!source) return refuse('fetch_failed'); // another import added it meanwhile
        const outcome = await crawlSource(source, {
          db,
          fetcher: deps.fetcher,
          refreshSeconds: deps.refreshSeconds,
        });
        if (outcome.status === 'error' || outcome.status === 'cancelled') {
          await deleteUnusedImportedSources(db, [source.source_id]);
          return refuse(outcome.status === 'error' ? refusalOf(outcome.code) : 'fetch_failed');
        }
        added.push({
          source_id: source.source_id,
          url_name: source.url_name,
          long_name: entry.long_name,
          feed_url: feedUrl,
          order,
        });
      },
    );
    report.added = added.sort((a, b) => a.order - b.order).map(({ order: _, ...row }) => row);

    for (const source of [...report.known, ...report.added]) {
      await setFollowing(db, userId, source.source_id, true);
    }
    return report;
  };
}

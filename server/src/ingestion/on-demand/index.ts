/**
 * Feeds fetched while a reader waits, with the crawler's guarded fetcher and a shorter deadline:
 * a blog submission's checks and a reader's OPML import (docs/decisions/0027). This module is the
 * one entry of `ingestion` that `http` may import (serverRooms in eslint.config.mjs): the routes
 * call these two, never the crawl itself.
 */
import type { Db } from '../../db/db.js';
import type { CrawlConfig } from '../crawl-config.js';
import { crawlLeaseSeconds } from '../crawl/crawl-run.js';
import {
  submissionChecker,
  submissionFetcher,
  type SubmissionChecker,
} from './check-submission.js';
import { readerOpmlImporter, type ReaderOpmlImporter } from './import-reader-opml.js';

export type { SubmissionChecker } from './check-submission.js';
export { OpmlImportError, type ReaderOpmlImporter } from './import-reader-opml.js';

export interface FeedFetchingOnDemand {
  checkSubmission: SubmissionChecker;
  importReaderOpml: ReaderOpmlImporter;
  close(): Promise<void>;
}

/** What feed fetching on demand reads of the configuration: the crawler's, and the site's name. */
export interface FeedFetchingConfig {
  crawl: CrawlConfig;
  accounts: { siteName: string };
}

export function feedFetchingOnDemand(config: FeedFetchingConfig, db: Db): FeedFetchingOnDemand {
  const fetcher = submissionFetcher(config.crawl);
  return {
    checkSubmission: submissionChecker(db, fetcher, config.accounts.siteName),
    importReaderOpml: readerOpmlImporter({
      db,
      fetcher,
      refreshSeconds: config.crawl.refreshSeconds,
      leaseSeconds: crawlLeaseSeconds(config.crawl.timeoutMs),
    }),
    close: () => fetcher.close(),
  };
}

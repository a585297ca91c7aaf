/**
 * Feeds fetched while a reader waits, with the crawler's guarded fetcher and a shorter deadline:
 * a blog submission's checks and a reader's OPML import (docs/decisions/0027). This module is the
 * one entry of `ingestion` that `http` may import (serverRooms in eslint.config.mjs): the routes
 * call these two, never the crawl itself.
 */
import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
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

export function feedFetchingOnDemand(config: Config, db: Db): FeedFetchingOnDemand {
  const fetcher = submissionFetcher(config);
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

import type { AccountsConfig } from '../../../accounts/accounts-config.js';
import type { Db } from '../../../db/db.js';
import type { AskService } from '../../../intelligence/ask/ask-service.js';
import type { SemanticSearchLoader } from '../../../intelligence/embeddings/semantic-service.js';
import type { DiscoverFeedRanker } from '../../../intelligence/ranking/discover-feed.js';
import type { LexicalIndex } from '../../../intelligence/search/lexical/lexical-index.js';
import type { RankingCache } from '../../../intelligence/search/ranking-cache.js';
import type { HourlyRateLimit } from '../../../intelligence/summaries/summary-rate-limit.js';
import type { SummaryService } from '../../../intelligence/summaries/summary-service.js';
import type { ReaderAdmissionLimits } from '../../reader-admission.js';

/**
 * The services that read the content, built once per process by the composition root
 * (services.ts): for the site's routes, and for the agents' tools over MCP, which call the same
 * ones (docs/decisions/0038, "Since").
 */
export interface ContentServices {
  db: Db;
  lexical: LexicalIndex;
  semantic: SemanticSearchLoader;
  /** The discover and topic feeds' ranking, per audience and hour. */
  ranker: DiscoverFeedRanker;
  /** Search rankings and more-like-this layouts, per query or article and snapshot. */
  rankings: RankingCache<number[]>;
  summaries: { service: SummaryService; rateLimit: HourlyRateLimit };
  ask: AskService;
  /** Saves the search indexes (when they have files) and closes the page fetcher. */
  close(): Promise<void>;
}

/** What the feed calls read of the configuration: the cookies' Secure flag, a reader's limits. */
export interface FeedRoutesConfig {
  accounts: Pick<AccountsConfig, 'secureCookies'>;
  readerAdmission: ReaderAdmissionLimits;
}

/** What the content routes read of it: the feeds', the site's address (RSS), DATA_DIR (logos). */
export interface ContentRoutesConfig extends FeedRoutesConfig {
  accounts: Pick<AccountsConfig, 'secureCookies' | 'publicUrl'>;
  dataDir: string;
}

import { createAccountServices, type AccountServices } from './accounts/services.js';
import type { Config } from './config.js';
import type { Db } from './db/db.js';
import type { ContentServices } from './http/routes/content/content-services.js';
import { feedFetchingOnDemand, type FeedFetchingOnDemand } from './ingestion/on-demand/index.js';
import { createAskService } from './intelligence/ask/ask-service.js';
import { semanticSearchLoader } from './intelligence/embeddings/semantic-service.js';
import { discoverFeedRanker } from './intelligence/ranking/discover-feed.js';
import { searchIndexFiles } from './intelligence/search/index-snapshot.js';
import { LexicalIndex } from './intelligence/search/lexical/lexical-index.js';
import { RankingCache } from './intelligence/search/ranking-cache.js';
import { SearchIndexesState } from './intelligence/search/search-indexes-state.js';
import { pageFetcher } from './intelligence/summaries/page-text.js';
import { createSummaryRateLimit } from './intelligence/summaries/summary-rate-limit.js';
import { createSummaryService } from './intelligence/summaries/summary-service.js';
import { startSweeper } from './jobs/sweeper.js';
import type { Log } from './lib/log.js';

/** Search rankings and more-like-this layouts kept (each a few hundred ids) and for how long. */
const RANKINGS_KEPT = 2_000;
const RANKINGS_TTL_MS = 10 * 60_000;

/**
 * The web process's long-lived services, built once (docs/ARCHITECTURE.md, "The composition
 * root"): the route folders register routes with what they are handed and build nothing that
 * outlives a request.
 */
export interface SiteServices {
  accounts: AccountServices;
  content: ContentServices;
  /** The search indexes as readiness and metrics see them (decision 0032). */
  searchIndexes: SearchIndexesState;
  feedFetching: FeedFetchingOnDemand;
  /** Starts loading the search indexes in the background: once the app listens. */
  warmUp(): void;
  /** Stops the sweeper, lets account mail go out, closes the fetchers, saves the indexes. */
  close(): Promise<void>;
}

export interface SiteServicesOptions {
  /**
   * Load the search indexes as soon as the app listens, from the snapshot the embedded server
   * keeps beside its database (the server does; tests leave it to the first search).
   */
  warmUpSearch: boolean;
}

/**
 * The services that read the content, for the site's routes and the agents' tools: the web process
 * builds them with the rest, the stdio MCP server (mcp.ts) alone. With `files`, the search indexes
 * are restored from and saved to them.
 */
export function createContentServices(
  config: Config,
  db: Db,
  log: Log,
  files?: { lexical: string; vectors: string },
): ContentServices {
  const semantic = semanticSearchLoader(config, db, log, { vectorSnapshotFile: files?.vectors });
  const lexical = new LexicalIndex(db, { snapshotFile: files?.lexical, log });
  const fetcher = pageFetcher(config.crawl);
  return {
    db,
    lexical,
    semantic,
    ranker: discoverFeedRanker(db, semantic),
    rankings: new RankingCache({ max: RANKINGS_KEPT, ttlMs: RANKINGS_TTL_MS }),
    summaries: {
      service: createSummaryService({ db, summaries: config.summaries, fetcher, log }),
      rateLimit: createSummaryRateLimit(db, config.summaries.computedPerIpPerHour),
    },
    ask: createAskService(config.summaries, db, { lexical, semantic }, log),
    close: async () => {
      const dense = semantic.current();
      await Promise.all([
        lexical.flush(),
        typeof dense === 'object' && dense.index.flush(),
        fetcher.close(),
      ]);
    },
  };
}

export async function createSiteServices(
  config: Config,
  db: Db,
  log: Log,
  { warmUpSearch }: SiteServicesOptions,
): Promise<SiteServices> {
  const accounts = await createAccountServices(config, db, log);

  // The embedded server saves its search indexes beside its database, so a restart restores them
  // instead of reading every article and vector again (decision 0024).
  const files =
    warmUpSearch && db.mode === 'embedded' ? searchIndexFiles(config.dataDir) : undefined;
  const content = createContentServices(config, db, log, files);
  const { lexical, semantic } = content;

  const feedFetching = feedFetchingOnDemand(config, db);

  // Expired sessions, tokens, captcha redemptions, counters and old outbox mail, every hour.
  const stopSweeper = startSweeper(db, (error) =>
    log.error({ err: error }, 'sweeping expired account rows failed'),
  );

  return {
    accounts,
    content,
    searchIndexes: new SearchIndexesState(lexical, semantic),
    feedFetching,
    warmUp: () => {
      if (!warmUpSearch) return;
      // Both at once: the loads yield between batches, so feeds are answered while they run,
      // and a restart restores both indexes within about a second.
      const warmUpDense = async () => {
        await (await semantic())?.index.refresh();
      };
      void Promise.all([lexical.refresh(), warmUpDense()]).catch((error: unknown) =>
        log.error({ err: error }, 'Warming up search failed'),
      );
    },
    close: async () => {
      stopSweeper();
      await accounts.close();
      await Promise.all([content.close(), feedFetching.close()]);
    },
  };
}

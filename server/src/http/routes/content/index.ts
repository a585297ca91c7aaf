import type { Config } from '../../../config.js';
import type { Db } from '../../../db/db.js';
import { registerRssRoutes } from '../rss/rss-routes.js';
import { discoverFeedRanker } from '../../../intelligence/ranking/discover-feed.js';
import { searchIndexFiles } from '../../../intelligence/search/index-snapshot.js';
import { SearchIndexesState } from '../../../intelligence/search/search-indexes-state.js';
import { registerMcpRoute } from '../../mcp/mcp-route.js';
import { registerSummaryRoutes } from './summary-routes.js';
import { registerAskRoutes } from './ask-routes.js';
import type { App } from '../../app-type.js';
import { contentServices } from './content-services.js';
import { registerCrawlStatusRoute } from './crawl-status-route.js';
import { registerFeedRoutes } from './feed-routes.js';
import { registerLogoRoutes } from './logo-routes.js';
import { registerReaderRoutes } from './reader-routes.js';
import { registerSourceHealthRoutes } from './source-health-routes.js';
import { registerSourceRoutes } from './source-routes.js';
import { registerTopicRoutes } from './topic-routes.js';

/**
 * Everything that reads the content: feeds, search, questions, sources, topics, logos, RSS, crawl
 * status, the reader view and its highlights, and the agents' tools over MCP.
 * Returns the state of the search indexes they serve, for readiness and metrics.
 */
export function registerContentRoutes(
  app: App,
  config: Config,
  db: Db,
  { warmUpSearch }: { warmUpSearch: boolean },
): SearchIndexesState {
  // The embedded server saves its search indexes beside its database, so a restart restores them
  // instead of reading every article and vector again (decision 0024).
  const files =
    warmUpSearch && db.mode === 'embedded' ? searchIndexFiles(config.dataDir) : undefined;
  const services = contentServices(config, db, app.log, files);
  const { lexical, semantic, rankings } = services;
  app.addHook('onClose', () => services.close());
  if (warmUpSearch) {
    // Once listening, both at once: the loads yield between batches, so feeds are answered
    // while they run, and a restart restores both indexes within about a second.
    const warmUpDense = async () => {
      await (await semantic())?.index.refresh();
    };
    app.addHook('onListen', async () => {
      void Promise.all([lexical.refresh(), warmUpDense()]).catch((error: unknown) =>
        app.log.error({ err: error }, 'Warming up search failed'),
      );
    });
  }
  registerFeedRoutes(app, config, db, {
    lexical,
    semantic,
    ranker: discoverFeedRanker(db, semantic),
    rankings,
  });
  registerSourceRoutes(app, db);
  registerSourceHealthRoutes(app, db);
  registerTopicRoutes(app, db);
  registerCrawlStatusRoute(app, db, semantic);
  registerLogoRoutes(app, db, config.dataDir);
  registerRssRoutes(app, config, db);
  registerSummaryRoutes(app, services.summaries);
  registerReaderRoutes(app, db);
  registerAskRoutes(app, services.ask);
  registerMcpRoute(app, services);
  return new SearchIndexesState(lexical, semantic);
}

import type { Db } from '../../../db/db.js';
import { registerRssRoutes } from '../rss/rss-routes.js';
import { registerMcpRoute } from '../../mcp/mcp-route.js';
import { registerSummaryRoutes } from './summary-routes.js';
import { registerAskRoutes } from './ask-routes.js';
import type { App } from '../../app-type.js';
import type { ContentRoutesConfig, ContentServices } from './content-services.js';
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
 */
export function registerContentRoutes(
  app: App,
  config: ContentRoutesConfig,
  db: Db,
  services: ContentServices,
): void {
  registerFeedRoutes(app, config, db, services);
  registerSourceRoutes(app, db);
  registerSourceHealthRoutes(app, db);
  registerTopicRoutes(app, db);
  registerCrawlStatusRoute(app, db, services.semantic);
  registerLogoRoutes(app, db, config.dataDir);
  registerRssRoutes(app, config.accounts, db);
  registerSummaryRoutes(app, services.summaries);
  registerReaderRoutes(app, db);
  registerAskRoutes(app, services.ask);
  registerMcpRoute(app, services);
}

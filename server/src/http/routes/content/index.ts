import type { Config } from '../../../config.js';
import type { Db } from '../../../db/db.js';
import { registerRssRoutes } from '../rss/rss-routes.js';
import { semanticSearchLoader } from '../../../intelligence/embeddings/semantic-service.js';
import { discoverFeedRanker } from '../../../intelligence/ranking/discover-feed.js';
import { LexicalIndex } from '../../../intelligence/search/lexical/lexical-index.js';
import { RankingCache } from '../../../intelligence/search/ranking-cache.js';
import { registerSummaryRoutes } from './summary-routes.js';
import type { App } from '../../app-type.js';
import { registerCrawlStatusRoute } from './crawl-status-route.js';
import { registerFeedRoutes } from './feed-routes.js';
import { registerLogoRoutes } from './logo-routes.js';
import { registerSourceHealthRoutes } from './source-health-routes.js';
import { registerSourceRoutes } from './source-routes.js';
import { registerTopicRoutes } from './topic-routes.js';

/** Search rankings and more-like-this layouts kept (each a few hundred ids) and for how long. */
const RANKINGS_KEPT = 2_000;
const RANKINGS_TTL_MS = 10 * 60_000;

/** Everything that reads the content: feeds, search, sources, topics, logos, RSS, crawl status. */
export function registerContentRoutes(
  app: App,
  config: Config,
  db: Db,
  { warmUpSearch }: { warmUpSearch: boolean },
): void {
  const semantic = semanticSearchLoader(config, db, app.log);
  const lexical = new LexicalIndex(db);
  if (warmUpSearch) {
    // Once listening: the loads yield between batches, so feeds are answered while they run.
    app.addHook('onListen', async () => {
      void lexical
        .refresh()
        .then(() => semantic())
        .then((loaded) => loaded?.index.refresh())
        .catch((error: unknown) => app.log.error({ err: error }, 'Warming up search failed'));
    });
  }
  registerFeedRoutes(app, config, db, {
    lexical,
    semantic,
    ranker: discoverFeedRanker(db, semantic),
    rankings: new RankingCache({ max: RANKINGS_KEPT, ttlMs: RANKINGS_TTL_MS }),
  });
  registerSourceRoutes(app, db);
  registerSourceHealthRoutes(app, db);
  registerTopicRoutes(app, db);
  registerCrawlStatusRoute(app, db, semantic);
  registerLogoRoutes(app, db, config.dataDir);
  registerRssRoutes(app, config, db);
  registerSummaryRoutes(app, config, db);
}

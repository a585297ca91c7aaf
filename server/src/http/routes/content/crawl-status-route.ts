import { crawlStatusResponseSchema, type CrawlStatusResponse } from '@blogstream/shared/contract';
import { latestFinishedCrawlRun } from '../../../db/crawl-runs.js';
import { crawlTotals } from '../../../db/crawl-state.js';
import type { Db } from '../../../db/db.js';
import type { App } from '../../app-type.js';

/** GET /api/crawl_status: the last crawl run's counts and how the sources stand now. */
export function registerCrawlStatusRoute(app: App, db: Db): void {
  app.get(
    '/api/crawl_status',
    { schema: { response: { 200: crawlStatusResponseSchema } } },
    async (): Promise<CrawlStatusResponse> => {
      const [run, totals] = await Promise.all([latestFinishedCrawlRun(db), crawlTotals(db)]);
      const { articles, ...sources } = totals;
      return {
        lastRun: run?.finishedAt
          ? {
              trigger: run.trigger,
              startedAt: run.startedAt.toISOString(),
              finishedAt: run.finishedAt.toISOString(),
              fetched: run.fetched,
              notModified: run.notModified,
              failed: run.failed,
              newArticles: run.newArticles,
            }
          : null,
        sources,
        articles,
      };
    },
  );
}

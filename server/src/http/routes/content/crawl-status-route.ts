import { type CrawlStatusResponse } from '@blogstream/shared/contract';
import { pageVisitCounts } from '../../../db/article-pages.js';
import { latestFinishedCrawlRun } from '../../../db/crawl-runs.js';
import { crawlTotals } from '../../../db/crawl-state.js';
import type { Db } from '../../../db/db.js';
import { embeddingCounts } from '../../../db/article-vectors.js';
import type { SemanticSearch } from '../../../intelligence/search/hybrid-search.js';
import type { App } from '../../app-type.js';
import { serve } from '../../endpoint.js';

/**
 * GET /api/crawl_status: the last crawl run's counts, how the sources stand now and the progress
 * of the page visits and of the embedding job.
 */
export function registerCrawlStatusRoute(
  app: App,
  db: Db,
  semantic: () => Promise<SemanticSearch | null>,
): void {
  serve(app, 'crawlStatus', async (): Promise<CrawlStatusResponse> => {
    const [run, totals, pages, model] = await Promise.all([
      latestFinishedCrawlRun(db),
      crawlTotals(db),
      pageVisitCounts(db),
      semantic(),
    ]);
    const { articles, ...sources } = totals;
    const counts = model ? await embeddingCounts(db, model.embedder.model) : null;
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
      pages,
      embeddings:
        model && counts
          ? {
              model: model.embedder.model,
              embedded: counts.embedded,
              pending: counts.articles - counts.embedded,
            }
          : null,
    };
  });
}

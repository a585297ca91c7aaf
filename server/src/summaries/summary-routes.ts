import { postSummaryRequestSchema, summarySchema } from '@blogstream/shared/contract';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import { ApiFailure } from '../http/api-failure.js';
import type { App } from '../http/app-type.js';
import { Fetcher } from '../ingestion/fetch/fetcher.js';
import { MAX_PAGE_BYTES } from '../ingestion/page/readable-article.js';
import { createSummaryRateLimit } from './summary-rate-limit.js';
import { createSummaryService, SummaryUnavailableError } from './summary-service.js';

/** A reader waits for the page: a shorter deadline than the crawler's background fetches. */
const PAGE_TIMEOUT_MS = 15_000;

/** The crawler's guarded fetcher (public addresses only), tuned for reading one article page. */
export function summaryFetcher(config: Config): Fetcher {
  const { userAgent, timeoutMs, allowPrivate } = config.crawl;
  return new Fetcher({
    userAgent,
    timeoutMs: Math.min(timeoutMs, PAGE_TIMEOUT_MS),
    maxBytes: MAX_PAGE_BYTES,
    allowPrivate,
  });
}

/** POST /api/post_summary {post_id} -> {bullet_points, key_concepts} (spec §7). */
export function registerSummaryRoutes(app: App, config: Config, db: Db): void {
  const fetcher = summaryFetcher(config);
  app.addHook('onClose', () => fetcher.close());
  const service = createSummaryService({ db, config, fetcher, log: app.log });
  const rateLimit = createSummaryRateLimit(db, config.summaries.computedPerIpPerHour);

  app.post(
    '/api/post_summary',
    { schema: { body: postSummaryRequestSchema, response: { 200: summarySchema } } },
    async (request) => {
      const postId = request.body.post_id;
      const beforeCompute = async () => {
        const retryAfter = await rateLimit(request.ip);
        if (retryAfter > 0) {
          throw new ApiFailure(
            429,
            'RATE_LIMITED',
            'Too many summaries requested. Please try again later.',
            { 'retry-after': String(retryAfter) },
          );
        }
      };
      try {
        const summary = await service.summaryFor(postId, { beforeCompute });
        if (!summary) throw new ApiFailure(404, 'NOT_FOUND', `There is no article ${postId}.`);
        return summary;
      } catch (error) {
        if (error instanceof SummaryUnavailableError) {
          // The client shows 'Failed to load summary. Please try again.' (spec §8).
          throw new ApiFailure(
            503,
            'SUMMARY_UNAVAILABLE',
            error.code === 'PAGE_UNREADABLE'
              ? "This article's text could not be read, so it cannot be summarised right now."
              : 'This article is too short to summarise.',
            { 'retry-after': String(error.retryAfterSeconds) },
          );
        }
        throw error;
      }
    },
  );
}

import { ApiFailure } from '../../api-failure.js';
import type { App } from '../../app-type.js';
import { SummaryUnavailableError } from '../../../intelligence/summaries/summary-service.js';
import type { ContentServices } from './content-services.js';
import { serve } from '../../endpoint.js';
import { chargeRateLimit } from './rate-limited.js';

/** POST /api/post_summary {post_id} -> {bullet_points, key_concepts} (spec §7). */
export function registerSummaryRoutes(
  app: App,
  { service, rateLimit }: ContentServices['summaries'],
): void {
  serve(app, 'postSummary', async (request) => {
    const postId = request.body.post_id;
    const beforeCompute = () =>
      chargeRateLimit(
        rateLimit,
        request.ip,
        'Too many summaries requested. Please try again later.',
      );
    try {
      const summary = await service.summaryFor(postId, { beforeCompute });
      if (!summary) throw new ApiFailure(404, 'NOT_FOUND', `There is no article ${postId}.`);
      return summary;
    } catch (error) {
      if (error instanceof SummaryUnavailableError) {
        // Not a failure a retry mends: the card says the summary is unavailable, without the
        // spec's 'Please try again' (§8), which stays for failures that asking again can mend
        // (docs/decisions/0009, "Since").
        throw new ApiFailure(
          422,
          'SUMMARY_UNAVAILABLE',
          error.code === 'PAGE_UNREADABLE'
            ? 'This article has too little text to summarise, and its page could not be read.'
            : 'This article is too short to summarise.',
        );
      }
      throw error;
    }
  });
}

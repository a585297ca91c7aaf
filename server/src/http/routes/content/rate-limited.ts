import type { HourlyRateLimit } from '../../../intelligence/summaries/summary-rate-limit.js';
import { ApiFailure } from '../../api-failure.js';

/** Counts the call; 429 RATE_LIMITED with Retry-After and `message` when over the limit. */
export async function chargeRateLimit(
  limit: HourlyRateLimit,
  clientIp: string,
  message: string,
): Promise<void> {
  const retryAfter = await limit(clientIp);
  if (retryAfter > 0) {
    throw new ApiFailure(429, 'RATE_LIMITED', message, { 'retry-after': String(retryAfter) });
  }
}

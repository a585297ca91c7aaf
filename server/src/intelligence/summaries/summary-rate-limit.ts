import { countRateLimitHit } from '../../db/rate-limits.js';
import type { Queryable } from '../../db/db.js';

/** The rule name in rate_limit_counters, beside the account limits' rules. */
const RULE = 'summaryComputePerIp';
const WINDOW_SECONDS = 3600;

/** Counts one computation for the client; the seconds to wait when over the limit, else 0. */
export type SummaryRateLimit = (clientIp: string) => Promise<number>;

/** Only computed summaries are counted: stored ones cost nothing. */
export function createSummaryRateLimit(db: Queryable, perHour: number): SummaryRateLimit {
  return async (clientIp) => {
    if (perHour === 0) return 0;
    const { hits, secondsLeft } = await countRateLimitHit(db, RULE, clientIp, WINDOW_SECONDS);
    return hits > perHour ? Math.max(1, secondsLeft) : 0;
  };
}

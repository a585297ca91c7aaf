import { countRateLimitHit } from '../../db/rate-limits.js';
import type { Queryable } from '../../db/db.js';

const WINDOW_SECONDS = 3600;

/** Counts one costly call for the client; the seconds to wait when over the limit, else 0. */
export type HourlyRateLimit = (clientIp: string) => Promise<number>;

/** `perHour` calls per client address and hour under `rule` (rate_limit_counters); 0: no limit. */
export function createHourlyRateLimit(
  db: Queryable,
  rule: string,
  perHour: number,
): HourlyRateLimit {
  return async (clientIp) => {
    if (perHour === 0) return 0;
    const { hits, secondsLeft } = await countRateLimitHit(db, rule, clientIp, WINDOW_SECONDS);
    return hits > perHour ? Math.max(1, secondsLeft) : 0;
  };
}

/** Only computed summaries are counted: stored ones cost nothing. */
export function createSummaryRateLimit(db: Queryable, perHour: number): HourlyRateLimit {
  return createHourlyRateLimit(db, 'summaryComputePerIp', perHour);
}

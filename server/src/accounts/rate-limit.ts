import type { Queryable } from '../db/db.js';
import type { RateLimitName, RateLimitRule } from './accounts-config.js';
import { sha256Hex } from './tokens.js';

/** One counted hit: the rule and what it counts (a client address, an account, a domain). */
export type RateLimitHit = [rule: RateLimitName, key: string];

export interface RateLimitVerdict {
  allowed: boolean;
  /** Seconds until every exceeded window has ended (0 when allowed). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit on each rule; allowed only when no rule is over its limit. */
  hit(hits: RateLimitHit[]): Promise<RateLimitVerdict>;
}

// Fixed windows aligned on multiples of the window length, counted in the database so that every
// web process shares them. `hits` may pass the limit a little under concurrency: "about" is fine.
const COUNT_HIT = `
  INSERT INTO rate_limit_counters (rule, key_hash, window_start, window_end, hits)
  SELECT $1, $2, w.start, w.start + make_interval(secs => $3::int), 1
    FROM (SELECT to_timestamp((floor(extract(epoch FROM now()) / $3::int) * $3::int)::float8)
                 AS start) w
  ON CONFLICT (rule, key_hash, window_start)
    DO UPDATE SET hits = rate_limit_counters.hits + 1
  RETURNING hits, ceil(extract(epoch FROM window_end - now()))::int AS seconds_left`;

export function createRateLimiter(
  db: Queryable,
  rules: Record<RateLimitName, RateLimitRule>,
): RateLimiter {
  return {
    hit: async (hits) => {
      let retryAfterSeconds = 0;
      for (const [name, key] of hits) {
        const rule = rules[name];
        const { rows } = await db.query<{ hits: number; seconds_left: number }>(COUNT_HIT, [
          name,
          sha256Hex(key.toLowerCase()),
          rule.windowSeconds,
        ]);
        const counted = rows[0];
        if (counted && counted.hits > rule.limit) {
          retryAfterSeconds = Math.max(retryAfterSeconds, counted.seconds_left, 1);
        }
      }
      return { allowed: retryAfterSeconds === 0, retryAfterSeconds };
    },
  };
}

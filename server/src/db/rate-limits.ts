import type { Queryable } from './db.js';
import { sha256Hex } from '../lib/tokens.js';

/** At most `limit` hits per `windowSeconds` for one key (an IP, an account, an address). */
export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export const rateLimitNames = [
  'signInPerAccountAndClient',
  'signInPerIp',
  'signUpPerIp',
  'signUpPerAddress',
  'forgotPasswordPerIp',
  'forgotPasswordPerAddress',
  'verificationMailPerAccount',
  'submitSourcePerIp',
  'submitSourcePerAddress',
  'submitSourcePerDomain',
  'outcomeMailPerAddress',
  'importOpmlPerAccount',
  'digestSubscribePerIp',
  'digestSubscribePerAddress',
] as const;
export type RateLimitName = (typeof rateLimitNames)[number];

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

/**
 * Counts one hit of `rule` for `key` in the current fixed window; the hits so far in it and the
 * seconds until it ends. Any rule name may be counted (summaries have their own).
 */
export async function countRateLimitHit(
  db: Queryable,
  rule: string,
  key: string,
  windowSeconds: number,
): Promise<{ hits: number; secondsLeft: number }> {
  const { rows } = await db.query<{ hits: number; seconds_left: number }>(COUNT_HIT, [
    rule,
    sha256Hex(key.toLowerCase()),
    windowSeconds,
  ]);
  return { hits: rows[0]?.hits ?? 0, secondsLeft: rows[0]?.seconds_left ?? 0 };
}

export function createRateLimiter(
  db: Queryable,
  rules: Record<RateLimitName, RateLimitRule>,
): RateLimiter {
  return {
    hit: async (hits) => {
      let retryAfterSeconds = 0;
      for (const [name, key] of hits) {
        const rule = rules[name];
        const counted = await countRateLimitHit(db, name, key, rule.windowSeconds);
        if (counted.hits > rule.limit) {
          retryAfterSeconds = Math.max(retryAfterSeconds, counted.secondsLeft, 1);
        }
      }
      return { allowed: retryAfterSeconds === 0, retryAfterSeconds };
    },
  };
}

import { z } from 'zod';
import { isCronPattern } from '../../lib/cron-pattern.js';

export interface DigestConfig {
  /** Cron pattern (UTC) of the weekly digest run; null: no scheduled digest. */
  schedule: string | null;
}

/** The environment variables of the weekly digest (docs/CONFIGURATION.md). */
export const digestEnvShape = {
  DIGEST_SCHEDULE: z
    .string()
    .trim()
    .refine(
      (value) => value === 'off' || isCronPattern(value),
      'must be a cron pattern (e.g. 0 7 * * 1) or off',
    )
    .default('0 7 * * 1'),
};

type DigestEnv = z.infer<z.ZodObject<typeof digestEnvShape>>;

export function toDigestConfig(env: DigestEnv): DigestConfig {
  return { schedule: env.DIGEST_SCHEDULE === 'off' ? null : env.DIGEST_SCHEDULE };
}

import { z } from 'zod';
import { SITE_NAME } from '@blogstream/shared/lib';
import { isCronPattern } from '../lib/cron-pattern.js';
import { serverVersion } from '../version.js';

export interface CrawlConfig {
  /** Whether the catalogue shipped with the product is upserted into sources at start. */
  seedCatalogue: boolean;
  /** Crawl due sources right after start (worker and all roles). */
  onStart: boolean;
  /** Cron pattern of the scheduled crawl; null: no scheduled crawl. */
  schedule: string | null;
  /** Feeds fetched at once by one process (never two of one host). */
  concurrency: number;
  /** How long a fetched source waits before its next fetch. */
  refreshSeconds: number;
  /** The least time between two requests to one host. */
  hostIntervalMs: number;
  /** Overall deadline of one fetch, redirects and body included. */
  timeoutMs: number;
  /** Largest feed body, counted after decompression. */
  maxBytes: number;
  /** Lifts the public-address rule so feeds on 127.0.0.1 can be crawled (tests only). */
  allowPrivate: boolean;
  /** Visit the page of an article whose feed left out its date, image or text. */
  pageVisits: boolean;
  /** How often a crawl run writes a progress line (docs/CONTENT.md); 0: never. */
  progressEveryMs: number;
  userAgent: string;
}

const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false'])
    .transform((value) => value === '1' || value === 'true')
    .default(fallback);

/** The environment variables of the catalogue and the crawler (docs/CONFIGURATION.md). */
export const crawlEnvShape = {
  CATALOGUE_SEED: flag(true),
  CRAWL_ON_START: flag(true),
  CRAWL_SCHEDULE: z
    .string()
    .trim()
    .refine(
      (value) => value === 'off' || isCronPattern(value),
      'must be a cron pattern (e.g. */10 * * * *) or off',
    )
    .default('*/10 * * * *'),
  CRAWL_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  FEED_REFRESH_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60),
  FEED_HOST_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  FEED_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(300).default(30),
  FEED_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  FEED_ALLOW_PRIVATE: flag(false),
  CRAWL_PAGE_VISITS: flag(true),
  CRAWL_PROGRESS_SECONDS: z.coerce.number().min(0).max(3600).default(10),
};

type CrawlEnv = z.infer<z.ZodObject<typeof crawlEnvShape>> & { PUBLIC_URL?: string | undefined };

export function toCrawlConfig(env: CrawlEnv): CrawlConfig {
  const contact = env.PUBLIC_URL ? `; +${env.PUBLIC_URL}` : '';
  return {
    seedCatalogue: env.CATALOGUE_SEED,
    onStart: env.CRAWL_ON_START,
    schedule: env.CRAWL_SCHEDULE === 'off' ? null : env.CRAWL_SCHEDULE,
    concurrency: env.CRAWL_CONCURRENCY,
    refreshSeconds: env.FEED_REFRESH_MINUTES * 60,
    hostIntervalMs: env.FEED_HOST_INTERVAL_MS,
    timeoutMs: Math.round(env.FEED_TIMEOUT_SECONDS * 1000),
    maxBytes: env.FEED_MAX_BYTES,
    allowPrivate: env.FEED_ALLOW_PRIVATE,
    pageVisits: env.CRAWL_PAGE_VISITS,
    progressEveryMs: Math.round(env.CRAWL_PROGRESS_SECONDS * 1000),
    userAgent: `${SITE_NAME}/${serverVersion} (feed reader${contact})`,
  };
}

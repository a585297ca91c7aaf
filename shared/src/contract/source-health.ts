import { z } from 'zod';
import { okResponseSchema } from './common.js';
import type { EndpointDeclaration } from './endpoint-declaration.js';

/** A source that failed every fetch for this long is dead: flagged, and no longer recommended. */
export const DEAD_SOURCE_AFTER_DAYS = 30;

/** Articles counted for a source's activity: the last this many days. */
export const SOURCE_ACTIVITY_DAYS = 90;

/**
 * How a source's crawling stands: `ok` (its last fetch worked), `failing` (its last fetch
 * failed), `dead` (every fetch failed for DEAD_SOURCE_AFTER_DAYS) or `pending` (never fetched).
 */
export const sourceHealthStatusSchema = z.enum(['ok', 'failing', 'dead', 'pending']);
export type SourceHealthStatus = z.infer<typeof sourceHealthStatusSchema>;

/** One source's health (GET /source_health/:sourceUrlName, and each row of /sources_health). */
export const sourceHealthSchema = z.object({
  source_id: z.number().int(),
  url_name: z.string(),
  long_name: z.string(),
  logo_file: z.string(),
  feed_url: z.string().nullable(),
  site_url: z.string().nullable(),
  status: sourceHealthStatusSchema,
  /** ISO times; null when it never happened. */
  last_success_at: z.string().nullable(),
  last_fetched_at: z.string().nullable(),
  /** The last fetch's error while the source is failing or dead, else null. */
  last_error: z
    .object({
      code: z.string(),
      message: z.string(),
      http_status: z.number().int().nullable(),
    })
    .nullable(),
  /** Fetches that failed in a row since the last success. */
  consecutive_failures: z.number().int(),
  /** Articles published in the last SOURCE_ACTIVITY_DAYS days. */
  articles_last_90_days: z.number().int(),
  /** Posting frequency over those days: articles per week, one decimal. */
  posts_per_week: z.number(),
  /** The newest article's publishing date, or null without dated articles. */
  latest_article_at: z.string().nullable(),
});
export type SourceHealth = z.infer<typeof sourceHealthSchema>;

export const sourceHealthParamsSchema = z.object({
  sourceUrlName: z.string().min(1).max(200),
});

/** GET /sources_health: every crawled source's health, by name, and how many are in each state. */
export const sourcesHealthResponseSchema = z.object({
  dead_after_days: z.number().int(),
  totals: z.object({
    ok: z.number().int(),
    failing: z.number().int(),
    dead: z.number().int(),
    pending: z.number().int(),
  }),
  sources: z.array(sourceHealthSchema),
});
export type SourcesHealthResponse = z.infer<typeof sourcesHealthResponseSchema>;

/** The automated checks a blog submission gets before an operator reviews it. */
export const submissionCheckNameSchema = z.enum([
  /** The address is a feed, or its page announces one (autodiscovery). */
  'feedFound',
  /** The feed parses as RSS, Atom, RDF or JSON Feed. */
  'validFeed',
  /** The feed has an article from the last SOURCE_ACTIVITY_DAYS days. */
  'recentPosts',
  /** No known source has this feed or site. */
  'notDuplicate',
]);
export type SubmissionCheckName = z.infer<typeof submissionCheckNameSchema>;

export const submissionCheckSchema = z.object({
  name: submissionCheckNameSchema,
  /** `skipped`: an earlier check failed, so this one could not run. */
  status: z.enum(['passed', 'failed', 'skipped']),
  /** One sentence for the submitter. */
  detail: z.string(),
});
export type SubmissionCheck = z.infer<typeof submissionCheckSchema>;

/**
 * POST /submit_source: `{ ok: true }` (the submission waits for review) and, since API 1.1, the
 * automated checks' results, the feed they found and the known source it duplicates.
 */
export const submitSourceResponseSchema = okResponseSchema.extend({
  checks: z.array(submissionCheckSchema).optional(),
  feed_url: z.string().nullable().optional(),
  duplicate_of: z.object({ url_name: z.string(), long_name: z.string() }).nullable().optional(),
});
export type SubmitSourceResponse = z.infer<typeof submitSourceResponseSchema>;

/** The source health calls (docs/CONTENT.md, "Source health"; endpoint-declaration.ts). */
export const sourceHealthEndpoints = {
  sourceHealth: {
    method: 'GET',
    path: '/api/source_health/:sourceUrlName',
    access: 'anyone',
    tag: 'Sources',
    summary:
      "One source's health: status (ok, failing with its last error, dead), last successful fetch, posting frequency, articles of the last 90 days and feed URL.",
    params: sourceHealthParamsSchema,
    response: sourceHealthSchema,
  },
  sourcesHealth: {
    method: 'GET',
    path: '/api/sources_health',
    access: 'anyone',
    tag: 'Sources',
    summary: "Every crawled source's health, by name, with the number in each status.",
    response: sourcesHealthResponseSchema,
  },
} as const satisfies Record<string, EndpointDeclaration>;

import { z } from 'zod';
import type { EndpointDeclaration } from './endpoint-declaration.js';

/**
 * GET /crawl_status: the crawler's last finished run, how the sources stand, how far the visits
 * of article pages (for what feeds leave out) and the embedding of articles have got (null
 * while the embedding model is not loaded).
 */
export const crawlStatusResponseSchema = z.object({
  lastRun: z
    .object({
      trigger: z.enum(['start', 'schedule', 'admin']),
      startedAt: z.string(),
      finishedAt: z.string(),
      fetched: z.number().int(),
      notModified: z.number().int(),
      failed: z.number().int(),
      newArticles: z.number().int(),
    })
    .nullable(),
  sources: z.object({
    total: z.number().int(),
    ok: z.number().int(),
    failing: z.number().int(),
    neverFetched: z.number().int(),
  }),
  articles: z.number().int(),
  pages: z.object({
    pending: z.number().int(),
    visited: z.number().int(),
    failed: z.number().int(),
  }),
  embeddings: z
    .object({ model: z.string(), embedded: z.number().int(), pending: z.number().int() })
    .nullable(),
});
export type CrawlStatusResponse = z.infer<typeof crawlStatusResponseSchema>;

/** The crawler's progress call (endpoint-declaration.ts). */
export const crawlEndpoints = {
  crawlStatus: {
    method: 'GET',
    path: '/api/crawl_status',
    access: 'anyone',
    tag: 'Sources',
    summary: 'Progress of the crawler, the page visits and the embedding job.',
    response: crawlStatusResponseSchema,
  },
} as const satisfies Record<string, EndpointDeclaration>;

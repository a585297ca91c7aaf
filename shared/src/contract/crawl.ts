import { z } from 'zod';

/** GET /crawl_status: the crawler's last finished run and how the sources stand. */
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
});
export type CrawlStatusResponse = z.infer<typeof crawlStatusResponseSchema>;

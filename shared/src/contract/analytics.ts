import { z } from 'zod';

/**
 * POST /api/analytics/page_view: the shell reports each route change itself (no automatic page
 * views), only when public config says analytics is on. Answers okResponseSchema.
 */
export const pageViewRequestSchema = z.object({
  path: z.string().min(1).max(500).startsWith('/'),
});
export type PageViewRequest = z.infer<typeof pageViewRequestSchema>;

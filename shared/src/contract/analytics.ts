import { z } from 'zod';
import { okResponseSchema } from './common.js';
import type { EndpointDeclaration } from './endpoint-declaration.js';

/**
 * POST /api/analytics/page_view: the shell reports each route change itself (no automatic page
 * views), only when public config says analytics is on. Answers okResponseSchema.
 */
export const pageViewRequestSchema = z.object({
  path: z.string().min(1).max(500).startsWith('/'),
});

/** The page-view call (endpoint-declaration.ts). */
export const analyticsEndpoints = {
  pageView: {
    method: 'POST',
    path: '/api/analytics/page_view',
    access: 'anyone',
    tag: 'Site',
    summary: 'Counts a page view (only when the operator turned analytics on).',
    body: pageViewRequestSchema,
    response: okResponseSchema,
  },
} as const satisfies Record<string, EndpointDeclaration>;

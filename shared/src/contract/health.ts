import { z } from 'zod';
import type { EndpointDeclaration } from './endpoint-declaration.js';

export const databaseModeSchema = z.enum(['embedded', 'server']);
export type DatabaseMode = z.infer<typeof databaseModeSchema>;

/** GET /api/health */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({
    mode: databaseModeSchema,
    reachable: z.boolean(),
  }),
  migrations: z.object({
    applied: z.number().int(),
    pending: z.number().int(),
    latest: z.string().nullable(),
  }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/**
 * What a process still warms up before it should take requests: the database (unreachable or
 * migrations pending, as /api/health says) and the search indexes it serves (decision 0032).
 */
export const warmingPartSchema = z.enum(['database', 'lexical index', 'vector index']);
export type WarmingPart = z.infer<typeof warmingPartSchema>;

/** GET /api/health/ready: 200 once nothing is warming, else 503 naming what still is. */
export const readinessResponseSchema = z.object({
  ready: z.boolean(),
  waiting: z.array(warmingPartSchema),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;

/** The health and readiness calls (endpoint-declaration.ts). */
export const healthEndpoints = {
  health: {
    method: 'GET',
    path: '/api/health',
    access: 'anyone',
    tag: 'Site',
    summary: 'Version, database and migrations; 503 when the database is unusable.',
    response: healthResponseSchema,
    otherResponses: { 503: healthResponseSchema },
  },
  healthReady: {
    method: 'GET',
    path: '/api/health/ready',
    access: 'anyone',
    tag: 'Site',
    summary:
      'Readiness: 200 once the database is usable and the search indexes are loaded; 503 naming what is still warming.',
    response: readinessResponseSchema,
    otherResponses: { 503: readinessResponseSchema },
  },
} as const satisfies Record<string, EndpointDeclaration>;

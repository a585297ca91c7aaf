import { z } from 'zod';

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

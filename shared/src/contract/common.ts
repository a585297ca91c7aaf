import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.js';

/** The small body of calls whose response the spec does not show. */
export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;

export const idSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const emailSchema = z.string().trim().toLowerCase().max(254).email();

export const passwordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

export const captchaTokenSchema = z.string().min(1).max(10_000);

/** A trimmed, non-empty name of at most `max` characters. */
export function nameSchema(max: number) {
  return z.string().trim().min(1).max(max);
}

/** The spec's `{}` body: anything in it is ignored. */
export const emptyRequestSchema = z.object({});

/** A path segment holding a positive id. */
export const idPathSegmentSchema = z.coerce.number().pipe(idSchema);

import { z } from 'zod';

/** An http(s) base URL from the environment, without trailing slashes (paths are appended). */
export const httpBaseUrlSchema = z
  .string()
  .trim()
  .refine(
    (value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol),
    'must be an http(s) URL',
  )
  .transform((value) => value.replace(/\/+$/, ''));

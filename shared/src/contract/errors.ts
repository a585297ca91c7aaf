import { z } from 'zod';

/** Machine-readable reasons carried by every 4xx/5xx JSON error body. */
export const errorReasons = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  // An address with a malformed %-escape (`%ff`, overlong UTF-8), or a part over the router's limit.
  'MALFORMED_URL',
  'URL_TOO_LONG',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'XSRF_TOKEN_INVALID',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  // Domain reasons named by the spec (§8) and the account rules.
  'USER_EXISTS',
  'INVALID_USERNAME_PASS',
  'LINK_EXPIRED',
  'CAPTCHA_INVALID',
  'EMAIL_NOT_VERIFIED',
  'PREMIUM_REQUIRED',
  'UNKNOWN_TOPIC',
  // An article without enough readable text to summarise: its stored text is too short and its
  // page is too short or cannot be read (docs/decisions/0009). Asking again will not help, so the
  // card says so instead of inviting a retry.
  'SUMMARY_UNAVAILABLE',
  // A reader's OPML import: not an OPML document (or one declaring entities), or too many feeds.
  'OPML_INVALID',
  'OPML_TOO_MANY_FEEDS',
  // A reader's mutes (decision 0022): the limit per reader is reached.
  'TOO_MANY_MUTES',
  // Digests for anyone (decision 0026): a digest confirmation link that is not one (or was used).
  'LINK_INVALID',
  // Highlights (decision 0037): selectors that do not describe the article's current text, and
  // the limit per reader.
  'SELECTOR_MISMATCH',
  'TOO_MANY_HIGHLIGHTS',
  // Saved searches (decision 0040): the limit per reader.
  'TOO_MANY_SAVED_SEARCHES',
] as const;

export const errorReasonSchema = z.enum(errorReasons);
export type ErrorReason = z.infer<typeof errorReasonSchema>;

/** The one shape of an error answer: `reason` is for code, `message` for people. */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  reason: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

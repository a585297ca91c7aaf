import { z } from 'zod';

export const accountTypeSchema = z.union([z.literal(0), z.literal(1)]);
export type AccountType = z.infer<typeof accountTypeSchema>;

/** User data as the client sees it (spec §3). */
export const userDataSchema = z.object({
  name: z.string(),
  email: z.string(),
  account_type: accountTypeSchema,
  /** First-time flag: true until the reader has chosen topics. */
  userFirstTimeUX: z.boolean(),
  follows_sources: z.boolean(),
});
export type UserData = z.infer<typeof userDataSchema>;

/**
 * GET /check_logged_in: the user's data when signed in; an empty object when not.
 * A check "returning a user with an e-mail" means signed in (spec §4).
 */
export const checkLoggedInResponseSchema = userDataSchema
  .extend({ ssoProvider: z.enum(['google']).nullable() })
  .partial();

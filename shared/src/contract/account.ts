import { z } from 'zod';
import { captchaTokenSchema, emailSchema, nameSchema, passwordSchema } from './common.js';
import { THEME_PREFERENCES } from './theme.js';

/**
 * POST /signup_with_email answers okResponseSchema and e-mails a verification link; the account can
 * sign in once verified (EMAIL_NOT_VERIFIED before). A taken e-mail is USER_EXISTS.
 */
export const signUpRequestSchema = z.object({
  name: nameSchema(100),
  email: emailSchema,
  password: passwordSchema,
  recaptchaVerifyToken: captchaTokenSchema,
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

/** POST /signin_with_email (answers with user data, userDataSchema) */
export const signInRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(256),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

/** POST /forgot_password answers okResponseSchema, whether or not the account exists. */
export const forgotPasswordRequestSchema = z.object({
  email: emailSchema,
  recaptchaVerifyToken: captchaTokenSchema,
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/**
 * POST /reset_password: the token comes from the e-mailed link's route. Answers okResponseSchema;
 * an unknown, used or expired token is LINK_EXPIRED.
 */
export const resetPasswordRequestSchema = z.object({
  newPassword: passwordSchema,
  token: z.string().min(1).max(512),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** POST /sso_google */
export const ssoGoogleRequestSchema = z.object({ id_token: z.string().min(1).max(8192) });
export type SsoGoogleRequest = z.infer<typeof ssoGoogleRequestSchema>;
export const ssoGoogleResponseSchema = z.object({ name: z.string(), email: z.string() });
export type SsoGoogleResponse = z.infer<typeof ssoGoogleResponseSchema>;

/** User settings (spec §3): digest Off = 0, Weekly = 2; the colour theme (issue 18). */
export const digestFrequencySchema = z.union([z.literal(0), z.literal(2)]);
export const themePreferenceSchema = z.enum(THEME_PREFERENCES);
export const userSettingsSchema = z.object({
  email_digest_frequency: digestFrequencySchema,
  theme: themePreferenceSchema,
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/**
 * POST /save_user_settings changes only the settings it is sent (the top bar's theme toggle sends
 * the theme alone) and answers all of them.
 */
export const saveUserSettingsRequestSchema = z.object({ settings: userSettingsSchema.partial() });
export type SaveUserSettingsRequest = z.infer<typeof saveUserSettingsRequestSchema>;

/** POST /get_user_topics answers an array of topics or null (null counts as empty). */
export const userTopicsResponseSchema = z.array(z.string()).nullable();
/** POST /get_all_topics */
export const allTopicsResponseSchema = z.array(z.string());

/**
 * POST /save_user_topics: at least one topic, each from the catalogue (TOPICS in
 * @blogstream/shared/lib; another is UNKNOWN_TOPIC). Answers okResponseSchema.
 */
export const MAX_USER_TOPICS = 50;
export const saveUserTopicsRequestSchema = z.object({
  topics: z.array(z.string().min(1).max(100)).min(1).max(MAX_USER_TOPICS),
});
export type SaveUserTopicsRequest = z.infer<typeof saveUserTopicsRequestSchema>;

/** POST /check_subscriptions_unseen answers a boolean. */
export const subscriptionsUnseenResponseSchema = z.boolean();

/** The outcomes of the verification link (EMAIL_VERIFIED_QUERY_PARAM in limits.ts). */
export const emailVerificationOutcomes = ['ok', 'expired'] as const;
export type EmailVerificationOutcome = (typeof emailVerificationOutcomes)[number];

/**
 * GET /api/captcha/challenge: a signed ALTCHA proof-of-work challenge, passed to the widget as
 * is. The solved widget's payload goes back as `recaptchaVerifyToken`.
 */
export const captchaChallengeSchema = z.object({
  parameters: z.record(z.string(), z.unknown()),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

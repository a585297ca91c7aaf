import { z } from 'zod';
import { captchaTokenSchema, emailSchema, nameSchema, passwordSchema } from './common.js';

/** POST /signup_with_email */
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

/** POST /forgot_password */
export const forgotPasswordRequestSchema = z.object({
  email: emailSchema,
  recaptchaVerifyToken: captchaTokenSchema,
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** POST /reset_password: the token comes from the e-mailed link's route. */
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

/** User settings (spec §3): digest Off = 0, Weekly = 2. */
export const digestFrequencySchema = z.union([z.literal(0), z.literal(2)]);
export const userSettingsSchema = z.object({ email_digest_frequency: digestFrequencySchema });
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** POST /save_user_settings */
export const saveUserSettingsRequestSchema = z.object({ settings: userSettingsSchema });
export type SaveUserSettingsRequest = z.infer<typeof saveUserSettingsRequestSchema>;

/** POST /get_user_topics answers an array of topics or null (null counts as empty). */
export const userTopicsResponseSchema = z.array(z.string()).nullable();
/** POST /get_all_topics */
export const allTopicsResponseSchema = z.array(z.string());

/** POST /save_user_topics: at least one topic, each from the catalogue. */
export const MAX_USER_TOPICS = 50;
export const saveUserTopicsRequestSchema = z.object({
  topics: z.array(z.string().min(1).max(100)).min(1).max(MAX_USER_TOPICS),
});
export type SaveUserTopicsRequest = z.infer<typeof saveUserTopicsRequestSchema>;

/** POST /check_subscriptions_unseen answers a boolean. */
export const subscriptionsUnseenResponseSchema = z.boolean();

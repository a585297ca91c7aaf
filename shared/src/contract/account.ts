import { z } from 'zod';
import {
  captchaTokenSchema,
  emailSchema,
  emptyRequestSchema,
  nameSchema,
  okResponseSchema,
  passwordSchema,
} from './common.js';
import type { EndpointDeclaration } from './endpoint-declaration.js';
import { THEME_PREFERENCES } from './theme.js';
import { checkLoggedInResponseSchema, userDataSchema } from './user.js';

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

/** User settings (spec §3): digest Off = 0, Weekly = 2; the colour theme (decision 0023). */
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

/** The session and profile calls (spec §7; endpoint-declaration.ts). */
export const accountEndpoints = {
  // Session and accounts
  checkLoggedIn: {
    method: 'GET',
    path: '/api/check_logged_in',
    access: 'anyone',
    tag: 'Session',
    summary: 'The signed-in reader, or {} for a visitor; (re)sets the session and XSRF cookies.',
    response: checkLoggedInResponseSchema,
  },
  signUp: {
    method: 'POST',
    path: '/api/signup_with_email',
    access: 'anyone',
    tag: 'Session',
    summary: 'Creates an account and e-mails a verification link.',
    body: signUpRequestSchema,
    response: okResponseSchema,
  },
  verifyEmail: {
    method: 'GET',
    path: '/api/verify_email/:token',
    access: 'anyone',
    tag: 'Session',
    summary:
      'The e-mailed link: verifies the address and redirects to /?email_verified=ok|expired.',
    params: z.object({ token: z.string().max(512) }),
    response: null,
  },
  signIn: {
    method: 'POST',
    path: '/api/signin_with_email',
    access: 'anyone',
    tag: 'Session',
    summary: 'Signs in with e-mail and password.',
    body: signInRequestSchema,
    response: userDataSchema,
  },
  signInWithGoogle: {
    method: 'POST',
    path: '/api/sso_google',
    access: 'anyone',
    tag: 'Session',
    summary: 'Signs in with a Google ID token (404 when Google sign-in is not enabled).',
    body: ssoGoogleRequestSchema,
    response: ssoGoogleResponseSchema,
  },
  signOut: {
    method: 'GET',
    path: '/api/logout',
    access: 'anyone',
    tag: 'Session',
    summary: 'Ends the session (refused from other sites).',
    response: okResponseSchema,
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/forgot_password',
    access: 'anyone',
    tag: 'Session',
    summary: 'E-mails a password reset link if the address has an account; always answers ok.',
    body: forgotPasswordRequestSchema,
    response: okResponseSchema,
  },
  resetPassword: {
    method: 'POST',
    path: '/api/reset_password',
    access: 'anyone',
    tag: 'Session',
    summary: 'Sets a new password with the token of a reset link.',
    body: resetPasswordRequestSchema,
    response: okResponseSchema,
  },
  // The reader's profile
  getAllTopics: {
    method: 'POST',
    path: '/api/get_all_topics',
    access: 'anyone',
    tag: 'Profile',
    summary: 'Every topic of the site.',
    body: emptyRequestSchema,
    response: allTopicsResponseSchema,
  },
  getUserTopics: {
    method: 'POST',
    path: '/api/get_user_topics',
    access: 'reader',
    tag: 'Profile',
    summary: "The reader's topics; null until chosen.",
    body: emptyRequestSchema,
    response: userTopicsResponseSchema,
  },
  saveUserTopics: {
    method: 'POST',
    path: '/api/save_user_topics',
    access: 'reader',
    tag: 'Profile',
    summary: "Replaces the reader's topics.",
    body: saveUserTopicsRequestSchema,
    response: okResponseSchema,
  },
  getUserSettings: {
    method: 'POST',
    path: '/api/get_user_settings',
    access: 'reader',
    tag: 'Profile',
    summary: "The reader's settings (digest frequency, colour theme).",
    body: emptyRequestSchema,
    response: userSettingsSchema,
  },
  saveUserSettings: {
    method: 'POST',
    path: '/api/save_user_settings',
    access: 'reader',
    tag: 'Profile',
    summary: "Saves the reader's settings it is sent and answers all of them.",
    body: saveUserSettingsRequestSchema,
    response: userSettingsSchema,
  },
  checkSubscriptionsUnseen: {
    method: 'POST',
    path: '/api/check_subscriptions_unseen',
    access: 'reader',
    tag: 'Profile',
    summary: 'Whether followed sources have articles the reader has not seen.',
    body: emptyRequestSchema,
    response: subscriptionsUnseenResponseSchema,
  },
  updateSubscriptionsSeen: {
    method: 'POST',
    path: '/api/update_subscriptions_seen',
    access: 'reader',
    tag: 'Profile',
    summary: "Marks the followed sources' articles as seen.",
    body: emptyRequestSchema,
    response: okResponseSchema,
  },
  // The captcha of the sign-up and submission forms
  captchaChallenge: {
    method: 'GET',
    path: '/api/captcha/challenge',
    access: 'anyone',
    tag: 'Site',
    summary: 'A proof-of-work captcha challenge (ALTCHA).',
    response: captchaChallengeSchema,
  },
} as const satisfies Record<string, EndpointDeclaration>;

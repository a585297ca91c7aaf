import { z } from 'zod';
import { SITE_NAME } from '@blogstream/shared/lib';
import { rateLimitNames, type RateLimitName, type RateLimitRule } from '../db/rate-limits.js';
import type { MailConfig } from '../mail/transport.js';

export { rateLimitNames, type RateLimitName, type RateLimitRule };

const environments = ['production', 'development', 'test'] as const;
export type Environment = (typeof environments)[number];

const captchaProviders = ['altcha', 'recaptcha', 'off'] as const;
export type CaptchaProvider = (typeof captchaProviders)[number];

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const defaultRateLimits: Record<RateLimitName, RateLimitRule> = {
  signInPerAccountAndClient: { limit: 10, windowSeconds: 15 * MINUTE },
  signInPerIp: { limit: 50, windowSeconds: 15 * MINUTE },
  signUpPerIp: { limit: 10, windowSeconds: HOUR },
  signUpPerAddress: { limit: 3, windowSeconds: HOUR },
  forgotPasswordPerIp: { limit: 10, windowSeconds: HOUR },
  forgotPasswordPerAddress: { limit: 3, windowSeconds: HOUR },
  verificationMailPerAccount: { limit: 3, windowSeconds: HOUR },
  submitSourcePerIp: { limit: 5, windowSeconds: HOUR },
  submitSourcePerAddress: { limit: 3, windowSeconds: DAY },
  submitSourcePerDomain: { limit: 10, windowSeconds: DAY },
  outcomeMailPerAddress: { limit: 5, windowSeconds: DAY },
  // Each OPML import may fetch up to OPML_IMPORT_MAX_NEW_FEEDS new feeds.
  importOpmlPerAccount: { limit: 10, windowSeconds: HOUR },
  // Topic digest sign-ups e-mail a confirmation link to any address.
  digestSubscribePerIp: { limit: 10, windowSeconds: HOUR },
  digestSubscribePerAddress: { limit: 3, windowSeconds: DAY },
};

/** OWASP's argon2id minimum: 19 MiB, 2 iterations, 1 lane. Tests lower it; nothing else may. */
export const defaultPasswordHashing = { memoryKib: 19_456, iterations: 2, parallelism: 1 };

export interface AccountsConfig {
  environment: Environment;
  /** The site's own address for links in e-mails, without a trailing slash. */
  publicUrl: string;
  siteName: string;
  /** Unset in embedded mode: one is generated once and kept in DATA_DIR. */
  sessionSecret: string | undefined;
  session: { idleSeconds: number; maxAgeSeconds: number };
  secureCookies: boolean;
  mail: MailConfig;
  captcha: {
    provider: CaptchaProvider;
    /** The ALTCHA challenge is also served with `off`, so the page looks the same. */
    altcha: { cost: number; maxCounter: number };
    recaptcha: { siteKey: string; secret: string; verifyUrl: string } | undefined;
  };
  google: { clientId: string; jwksUrl: string } | undefined;
  passwordHashing: typeof defaultPasswordHashing;
  rateLimits: Record<RateLimitName, RateLimitRule>;
}

function isUrlWithProtocol(value: string, protocols: string[]): boolean {
  return URL.canParse(value) && protocols.includes(new URL(value).protocol);
}

const httpUrl = z
  .string()
  .refine((value) => isUrlWithProtocol(value, ['http:', 'https:']), 'must be an http(s) URL');

const days = (max: number, fallback: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

/** TRUST_PROXY: true, false, or a comma-separated list of proxy addresses or CIDR ranges. */
const trustProxySchema = z
  .string()
  .transform((value): boolean | string[] => {
    if (value === 'true' || value === 'false') return value === 'true';
    return value.split(',').map((address) => address.trim());
  })
  .default(false);

/** The environment variables of accounts, sessions, mail and captcha (docs/CONFIGURATION.md). */
export const accountsEnvShape = {
  NODE_ENV: z.enum(environments).default('development'),
  PUBLIC_URL: httpUrl.transform((value) => value.replace(/\/+$/, '')).optional(),
  SITE_NAME: z.string().trim().min(1).max(100).default(SITE_NAME),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_IDLE_DAYS: days(365, 14),
  SESSION_MAX_DAYS: days(3650, 60),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  TRUST_PROXY: trustProxySchema,
  SMTP_URL: z
    .string()
    .refine(
      (value) => isUrlWithProtocol(value, ['smtp:', 'smtps:']),
      'must be an smtp:// or smtps:// URL',
    )
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(200).optional(),
  CAPTCHA_PROVIDER: z.enum(captchaProviders).optional(),
  CAPTCHA_ALTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
  CAPTCHA_ALTCHA_MAX_COUNTER: z.coerce.number().int().min(10).max(10_000_000).default(10_000),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  RECAPTCHA_VERIFY_URL: httpUrl.default('https://www.google.com/recaptcha/api/siteverify'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: httpUrl.default('https://www.googleapis.com/oauth2/v3/certs'),
};

type AccountsEnv = z.infer<z.ZodObject<typeof accountsEnvShape>> & {
  PORT: number;
  DATABASE_URL?: string | undefined;
};

function captchaProviderOf(env: AccountsEnv): CaptchaProvider {
  return env.CAPTCHA_PROVIDER ?? (env.RECAPTCHA_SECRET ? 'recaptcha' : 'altcha');
}

/** Rules that span several variables; reported like any other bad variable. */
export function checkAccountsEnv(env: AccountsEnv, context: z.RefinementCtx): void {
  const problem = (variable: string, message: string) =>
    context.addIssue({ code: 'custom', path: [variable], message });
  // Only for a usable DATABASE_URL: a malformed one is reported on its own.
  const serverMode =
    env.DATABASE_URL !== undefined &&
    isUrlWithProtocol(env.DATABASE_URL, ['postgres:', 'postgresql:']);
  if (serverMode && !env.SESSION_SECRET) {
    problem('SESSION_SECRET', 'required with DATABASE_URL, so every web process shares it');
  }
  const provider = captchaProviderOf(env);
  if (provider === 'off' && env.NODE_ENV === 'production') {
    problem('CAPTCHA_PROVIDER', 'off is refused when NODE_ENV=production');
  }
  if (provider === 'recaptcha' && !(env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET)) {
    problem('CAPTCHA_PROVIDER', 'recaptcha needs RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET');
  }
}

/**
 * `recordedPublicUrl`: the address the web process recorded in the database, for processes that
 * serve no pages themselves (admin commands); PUBLIC_URL, when set, wins over it.
 */
export function toAccountsConfig(env: AccountsEnv, recordedPublicUrl?: string): AccountsConfig {
  const publicUrl = env.PUBLIC_URL ?? recordedPublicUrl ?? `http://localhost:${env.PORT}`;
  const provider = captchaProviderOf(env);
  return {
    environment: env.NODE_ENV,
    publicUrl,
    siteName: env.SITE_NAME,
    sessionSecret: env.SESSION_SECRET,
    session: {
      idleSeconds: env.SESSION_IDLE_DAYS * DAY,
      maxAgeSeconds: env.SESSION_MAX_DAYS * DAY,
    },
    secureCookies:
      env.COOKIE_SECURE === 'auto' ? publicUrl.startsWith('https:') : env.COOKIE_SECURE === 'true',
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? {
        name: env.SITE_NAME,
        address: `no-reply@${new URL(publicUrl).hostname}`,
      },
    },
    captcha: {
      provider,
      altcha: { cost: env.CAPTCHA_ALTCHA_COST, maxCounter: env.CAPTCHA_ALTCHA_MAX_COUNTER },
      recaptcha:
        env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET
          ? {
              siteKey: env.RECAPTCHA_SITE_KEY,
              secret: env.RECAPTCHA_SECRET,
              verifyUrl: env.RECAPTCHA_VERIFY_URL,
            }
          : undefined,
    },
    google: env.GOOGLE_CLIENT_ID
      ? { clientId: env.GOOGLE_CLIENT_ID, jwksUrl: env.GOOGLE_JWKS_URL }
      : undefined,
    passwordHashing: defaultPasswordHashing,
    rateLimits: defaultRateLimits,
  };
}

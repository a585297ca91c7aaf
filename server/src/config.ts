import { join, resolve } from 'node:path';
import { z } from 'zod';
import { CONTACT_EMAIL } from '@blogstream/shared/lib';
import { remoteNames, remotePackageDirs, type RemoteName } from '@blogstream/shared/contract';
import {
  accountsEnvShape,
  checkAccountsEnv,
  toAccountsConfig,
  type AccountsConfig,
} from './accounts/accounts-config.js';
import { digestEnvShape, toDigestConfig, type DigestConfig } from './mail/digest/digest-config.js';
import {
  checkEmbeddingsEnv,
  embeddingsEnvShape,
  toEmbeddingsConfig,
  type EmbeddingsConfig,
} from './intelligence/embeddings/embeddings-config.js';
import { crawlEnvShape, toCrawlConfig, type CrawlConfig } from './ingestion/crawl-config.js';
import {
  checkSummariesEnv,
  summariesEnvShape,
  toSummariesConfig,
  type SummariesConfig,
} from './intelligence/summaries/summaries-config.js';
import type { AdmissionLimits } from './http/admission-control.js';
import {
  remoteMountPath,
  type FrontEndConfig,
  type RemoteLocation,
} from './http/front-end-config.js';
import type { ReaderAdmissionLimits } from './http/reader-admission.js';
import { LOG_LEVELS, type LogLevel } from './lib/log.js';
import { repoRoot } from './paths.js';

const roles = ['web', 'worker', 'all'] as const;
export type Role = (typeof roles)[number];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Set: PostgreSQL server mode. Unset: embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  /** 0 picks a free port for the embedded database's admin socket. */
  adminDbPort: number;
  role: Role;
  logLevel: LogLevel;
  bodyLimitBytes: number;
  /** The site's own page-view counter (no cookies, no addresses). */
  analyticsEnabled: boolean;
  /** Shown on the about page. */
  contactEmail: string;
  /** Named in the terms of service. */
  termsGoverningLaw: string;
  frontEnd: FrontEndConfig;
  /** How many API requests run at once, wait, and for how long (http/admission-control.ts). */
  admission: AdmissionLimits;
  /** How many feed and search calls of one reader run at once and wait (http/reader-admission.ts). */
  readerAdmission: ReaderAdmissionLimits;
  /**
   * Set: /metrics serves Prometheus metrics to `Authorization: Bearer <this>` (decision 0032).
   * Unset: there is no /metrics.
   */
  metricsToken: string | undefined;
  /** Fastify's trustProxy: which proxies' X-Forwarded-For to believe for client addresses. */
  trustProxy: boolean | string[];
  accounts: AccountsConfig;
  crawl: CrawlConfig;
  embeddings: EmbeddingsConfig;
  summaries: SummariesConfig;
  digest: DigestConfig;
}

function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol);
}

const baseUrlSchema = z
  .string()
  .refine(
    (value) => isHttpUrl(value) || (value.startsWith('/') && !value.startsWith('//')),
    'must be an http(s) URL or a path starting with /',
  )
  .transform((value) => (value.endsWith('/') ? value : `${value}/`));

const portSchema = z.coerce.number().int().min(0).max(65535);

const envSchema = z.object({
  PORT: portSchema.default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z
    .string()
    .refine(
      (value) =>
        URL.canParse(value) && ['postgres:', 'postgresql:'].includes(new URL(value).protocol),
      'must be a postgres:// or postgresql:// URL',
    )
    .optional(),
  ADMIN_DB_PORT: portSchema.default(0),
  PUBLIC_DIR: z.string().optional(),
  MFE_FEED_URL: baseUrlSchema.optional(),
  MFE_ACCOUNT_URL: baseUrlSchema.optional(),
  MFE_SOURCES_URL: baseUrlSchema.optional(),
  MFE_STATIC_URL: baseUrlSchema.optional(),
  ROLE: z.enum(roles).default('all'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  ANALYTICS: z.enum(['on', 'off']).default('off'),
  CONTACT_EMAIL: z.string().trim().email().default(CONTACT_EMAIL),
  TERMS_GOVERNING_LAW: z
    .string()
    .trim()
    .min(2)
    .max(100)
    .default("the country in which the site's operator is established"),
  API_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(32),
  API_QUEUE: z.coerce.number().int().min(0).max(100_000).default(1000),
  API_QUEUE_WAIT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  API_ANSWER_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  READER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(1),
  READER_QUEUE: z.coerce.number().int().min(0).max(100).default(4),
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  ...accountsEnvShape,
  ...crawlEnvShape,
  ...embeddingsEnvShape,
  ...summariesEnvShape,
  ...digestEnvShape,
});
type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * PUBLIC_DIR, when set, holds every build side by side (`shell/`, `mfe-feed/`, ...), as a deployment
 * would copy them. Unset, each package's own dist folder in the repo is used.
 */
function frontEndDir(publicDir: string | undefined, packageDir: string): string {
  return publicDir ? resolve(repoRoot, publicDir, packageDir) : join(repoRoot, packageDir, 'dist');
}

/** What another process recorded in the database, read by processes that serve no pages. */
export interface RecordedSettings {
  /** The address the web process serves at (db/settings.ts). */
  publicUrl?: string | undefined;
}

function toConfig(env: Env, recorded: RecordedSettings): Config {
  const remoteUrlOverrides: Record<RemoteName, string | undefined> = {
    mfe_feed: env.MFE_FEED_URL,
    mfe_account: env.MFE_ACCOUNT_URL,
    mfe_sources: env.MFE_SOURCES_URL,
    mfe_static: env.MFE_STATIC_URL,
  };
  const remotes = Object.fromEntries(
    remoteNames.map((remote) => [
      remote,
      {
        dir: frontEndDir(env.PUBLIC_DIR, remotePackageDirs[remote]),
        baseUrl: remoteUrlOverrides[remote] ?? remoteMountPath(remote),
      },
    ]),
  ) as Record<RemoteName, RemoteLocation>;

  return {
    port: env.PORT,
    host: env.HOST,
    // Relative paths start at the repo root, not at whichever folder npm runs a script in.
    dataDir: resolve(repoRoot, env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    adminDbPort: env.ADMIN_DB_PORT,
    role: env.ROLE,
    logLevel: env.LOG_LEVEL,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    admission: {
      concurrency: env.API_CONCURRENCY,
      queue: env.API_QUEUE,
      maxWaitMs: env.API_QUEUE_WAIT_MS,
      answerWithinMs: env.API_ANSWER_MS,
    },
    readerAdmission: { running: env.READER_CONCURRENCY, waiting: env.READER_QUEUE },
    analyticsEnabled: env.ANALYTICS === 'on',
    contactEmail: env.CONTACT_EMAIL,
    termsGoverningLaw: env.TERMS_GOVERNING_LAW,
    frontEnd: { shellDir: frontEndDir(env.PUBLIC_DIR, 'shell'), remotes },
    metricsToken: env.METRICS_TOKEN,
    trustProxy: env.TRUST_PROXY,
    accounts: toAccountsConfig(env, recorded.publicUrl),
    crawl: toCrawlConfig(env),
    embeddings: toEmbeddingsConfig(env),
    summaries: toSummariesConfig(env),
    digest: toDigestConfig(env),
  };
}

/** Reads the configuration from environment variables; throws ConfigError naming every bad one. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  recorded: RecordedSettings = {},
): Config {
  // An empty variable (common in .env files) means "use the default".
  const setVariables = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = envSchema
    .superRefine(checkAccountsEnv)
    .superRefine(checkEmbeddingsEnv)
    .superRefine(checkSummariesEnv)
    .safeParse(setVariables);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  return toConfig(result.data, recorded);
}

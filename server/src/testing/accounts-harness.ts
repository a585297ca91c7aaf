import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { apiErrorSchema, type ApiError } from '@blogstream/shared/contract';
import {
  defaultRateLimits,
  rateLimitNames,
  type RateLimitName,
  type RateLimitRule,
} from '../accounts/accounts-config.js';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import type { App } from '../http/app-type.js';
import type { LogStream } from '../http/logging.js';
import { ApiClient } from './api-client.js';
import { serve, type ServedApp } from './serve.js';
import { makeTempDir, testConfig } from './test-config.js';

export {
  describeEachDriver,
  openTestDatabase,
  type Driver,
  type TestDatabase,
} from './test-database.js';

export const TEST_PUBLIC_URL = 'http://blogstream.test';

/** Argon2id at its cheapest: tests only, the configuration cannot ask for this. */
const fastHashing = { memoryKib: 256, iterations: 1, parallelism: 1 };

const unlimited = Object.fromEntries(
  rateLimitNames.map((name) => [name, { ...defaultRateLimits[name], limit: 100_000 }]),
) as Record<RateLimitName, RateLimitRule>;

export interface AccountsTestOptions {
  env?: NodeJS.ProcessEnv;
  /** Rules to enforce; every other limit is out of reach. */
  rateLimits?: Partial<Record<RateLimitName, RateLimitRule>>;
}

/** A test configuration with a quick captcha and password hashing, and no rate limits. */
export function accountsTestConfig({ env, rateLimits }: AccountsTestOptions = {}): Config {
  const config = testConfig({
    NODE_ENV: 'test',
    DATA_DIR: makeTempDir('data'),
    PUBLIC_URL: TEST_PUBLIC_URL,
    CAPTCHA_ALTCHA_COST: '1',
    CAPTCHA_ALTCHA_MAX_COUNTER: '20',
    ...env,
  });
  return {
    ...config,
    accounts: {
      ...config.accounts,
      passwordHashing: fastHashing,
      rateLimits: { ...unlimited, ...rateLimits },
    },
  };
}

export interface TestServer extends ServedApp {
  app: App;
  config: Config;
  db: Db;
  /** A new browser-like client that has loaded its session and XSRF cookies. */
  client(): Promise<ApiClient>;
}

export async function startTestServer(
  db: Db,
  config = accountsTestConfig(),
  logger?: { stream: LogStream },
): Promise<TestServer> {
  return serveTestApp(await buildApp({ config, db, ...(logger ? { logger } : {}) }), config, db);
}

/** Serves an app built by the test itself (to add hooks before it is ready). */
export async function serveTestApp(app: App, config: Config, db: Db): Promise<TestServer> {
  const served = await serve(app);
  return {
    ...served,
    app,
    config,
    db,
    client: () => new ApiClient(served).start(),
  };
}

/** Solves one of the server's ALTCHA challenges the way the widget does. */
export async function solveCaptcha(app: ServedApp): Promise<string> {
  const challenge = (await (await app.fetch('/api/captcha/challenge')).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the captcha challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

let readerCount = 0;

export function uniqueEmail(prefix = 'reader'): string {
  readerCount += 1;
  return `${prefix}-${process.pid}-${readerCount}@example.test`;
}

export interface TestReader {
  client: ApiClient;
  email: string;
  password: string;
  userId: number;
}

/**
 * A signed-in reader: signed up through the API, its address marked verified directly (the
 * verification link itself is tested on its own), then signed in through the API.
 */
export async function createReader(server: TestServer, name = 'Test Reader'): Promise<TestReader> {
  const client = await server.client();
  const email = uniqueEmail();
  const password = 'correct horse battery';
  await client.postJson('/api/signup_with_email', {
    name,
    email,
    password,
    recaptchaVerifyToken: await solveCaptcha(server),
  });
  await waitForOutboxMail(server.db, email);
  const { rows } = await server.db.query<{ user_id: number }>(
    'UPDATE users SET email_verified_at = now() WHERE email = $1 RETURNING user_id',
    [email],
  );
  await client.postJson('/api/signin_with_email', { email, password });
  return { client, email, password, userId: Number(rows[0]?.user_id) };
}

/**
 * The newest outbox message to `recipient` (whose subject contains `subject`), waiting for it:
 * account mail is sent in the background, after the answer.
 */
export async function waitForOutboxMail(
  db: Db,
  recipient: string,
  subject = '',
  timeoutMs = 5_000,
): Promise<{ text: string; subject: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query<{ text_body: string; subject: string }>(
      `SELECT text_body, subject FROM mail_outbox
        WHERE recipient = $1 AND strpos(subject, $2) > 0 ORDER BY message_id DESC LIMIT 1`,
      [recipient, subject],
    );
    if (rows[0]) return { text: rows[0].text_body, subject: rows[0].subject };
    if (Date.now() > deadline) throw new Error(`no mail to ${recipient} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let fixtureCount = 0;

/** A catalogue source (what the crawler's tables need, and nothing more). */
export async function insertSource(db: Db, name = 'Fixture Blog'): Promise<number> {
  fixtureCount += 1;
  const { rows } = await db.query<{ source_id: number }>(
    `INSERT INTO sources (url_name, name, long_name, site_url, feed_url)
     VALUES ($1, $2, $2, $3, $4) RETURNING source_id`,
    [
      `fixture-${fixtureCount}`,
      `${name} ${fixtureCount}`,
      `https://blog-${fixtureCount}.example/`,
      `https://blog-${fixtureCount}.example/feed.xml`,
    ],
  );
  return Number(rows[0]?.source_id);
}

/** An article of the source, published `daysAgo` days ago. */
export async function insertArticle(db: Db, sourceId: number, daysAgo = 1): Promise<number> {
  fixtureCount += 1;
  const link = `https://blog.example/posts/${fixtureCount}`;
  const { rows } = await db.query<{ post_id: number }>(
    `INSERT INTO articles (source_id, link, link_key, title, description, publishing_date)
     VALUES ($1, $2, $2, $3, 'A description', now() - make_interval(days => $4::int))
     RETURNING post_id`,
    [sourceId, link, `Article ${fixtureCount}`, daysAgo],
  );
  return Number(rows[0]?.post_id);
}

/** The JSON body of a response, typed by the caller (tests only). */
export async function readJson<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** The error body of a failed call, checked against the contract's error shape. */
export async function readError(response: Response): Promise<ApiError> {
  return apiErrorSchema.parse(await response.json());
}

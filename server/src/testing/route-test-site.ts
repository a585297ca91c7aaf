import { feedResponseSchema, type Article } from '@blogstream/shared/contract';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import type { LogStream } from '../http/logging.js';
import {
  accountsTestConfig,
  createReader,
  readError,
  startTestServer,
  type AccountsTestOptions,
  type TestReader,
  type TestServer,
} from './accounts-harness.js';
import type { ApiClient } from './api-client.js';
import { openTestDatabase, type Driver, type TestDatabase } from './test-database.js';

/** Opening a database, seeding it and building the app take seconds on a busy machine. */
const SET_UP_MS = 120_000;

export interface RouteTestSiteOptions extends AccountsTestOptions {
  /**
   * Fills the migrated, empty database before the app is built (what the search indexes load on
   * their first search).
   */
  seed?: (db: Db) => Promise<void>;
  /** A configuration of the test's own, made once the seed has run; else `accountsTestConfig`. */
  config?: () => Config | Promise<Config>;
  /** Where the site's app logs (its configuration sets the level). */
  logger?: { stream: LogStream };
  /** How long opening, seeding and starting may take. */
  setUpMs?: number;
}

/** One site of a route test: its database, its served app and a visitor, ready in each test. */
export interface RouteTestSite {
  readonly db: Db;
  readonly server: TestServer;
  readonly config: Config;
  /** A client that has loaded its session and XSRF cookies, signed in as no one. */
  readonly visitor: ApiClient;
  /** A new reader, signed up, verified and signed in (`createReader`). */
  signIn(name?: string): Promise<TestReader>;
  /** Another app over the same database with other settings, closed with the site. */
  startAnother(options?: AccountsTestOptions): Promise<TestServer>;
}

function ready<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is ready in tests and hooks, not before`);
  return value;
}

/**
 * The set-up every route test shares, as jest hooks of the file or `describe` it is called in:
 * before all, a migrated database of `driver`, seeded, and the app served over real HTTP with a
 * visitor; after all, the apps and the database closed.
 */
export function routeTestSite(
  driver: Driver = 'embedded',
  { seed, config, logger, setUpMs = SET_UP_MS, ...accounts }: RouteTestSiteOptions = {},
): RouteTestSite {
  let database: TestDatabase | undefined;
  let server: TestServer | undefined;
  let visitor: ApiClient | undefined;
  const others: TestServer[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    await seed?.(database.db);
    const siteConfig = await (config?.() ?? accountsTestConfig(accounts));
    server = await startTestServer(database.db, siteConfig, logger);
    visitor = await server.client();
  }, setUpMs);

  afterAll(async () => {
    for (const other of others) await other.close();
    await server?.close();
    await database?.close();
  });

  const site: RouteTestSite = {
    get db() {
      return ready(database, 'The database').db;
    },
    get server() {
      return ready(server, 'The server');
    },
    get config() {
      return site.server.config;
    },
    get visitor() {
      return ready(visitor, 'The visitor');
    },
    signIn: (name) => createReader(site.server, name),
    startAnother: async (options = {}) => {
      const other = await startTestServer(site.db, accountsTestConfig(options));
      others.push(other);
      return other;
    },
  };
  return site;
}

/** A page of a feed route: `path` asked with `body`, its answer checked against the contract. */
export async function feedPage(client: ApiClient, path: string, body: object): Promise<Article[]> {
  return feedResponseSchema.parse(await client.postJson(path, body));
}

/** Expects a call to fail with `statusCode` and the contract's error `reason`. */
export async function expectFailure(
  response: Promise<Response>,
  statusCode: number,
  reason: string,
): Promise<void> {
  const answer = await response;
  expect([answer.status, (await readError(answer)).reason]).toEqual([statusCode, reason]);
}

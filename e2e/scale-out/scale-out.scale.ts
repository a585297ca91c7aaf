import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { launchBrowser, watchForProblems } from '../support/browser.js';
import { freePort } from '../support/ports.js';
import { screenshot } from '../support/screenshots.js';
import { BrowserClient } from './support/browser-client.js';
import { startFeedHosts, type FeedHosts } from './support/feeds.js';
import {
  runAdmin,
  SESSION_SECRET,
  startServer,
  tempDir,
  until,
  verificationLink,
  type ServerProcess,
} from './support/processes.js';
import { startNginx, type Nginx } from './support/nginx.js';
import { startSharedDatabase, type SharedDatabase } from './support/shared-database.js';

/**
 * The topology of docs/DEPLOYMENT.md on one machine: two stateless web processes (ROLE=web) and two
 * workers (ROLE=worker), each with its own DATA_DIR as on separate machines, all on ONE
 * PostgreSQL endpoint (PGlite behind pglite-socket). A reader's requests alternate between the
 * web processes as a load balancer without sticky sessions would send them; the workers crawl
 * the same sources at the same moment and each feed must be fetched by exactly one of them.
 * In front of the web processes, nginx with the deployment's own configuration (deploy/nginx):
 * the load balancer, and a CDN serving mfe-static's build from another origin.
 */

const HOSTS = 4;
const FEEDS_PER_HOST = 4;
const FEEDS = HOSTS * FEEDS_PER_HOST;

let database: SharedDatabase;
let feeds: FeedHosts;
let root: string;
const processes: ServerProcess[] = [];
let webA: ServerProcess;
let webB: ServerProcess;
let workers: ServerProcess[];
let nginx: Nginx;
/** mfe-static comes from the CDN, as docs/DEPLOYMENT.md's "Remotes on a CDN" deploys it. */
let cdnPort: number;

function envFor(name: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: database.url,
    SESSION_SECRET,
    // Its own folder, as on its own machine; the offline model's cache may be shared.
    DATA_DIR: path.join(root, name),
    MODEL_CACHE_DIR: path.join(root, 'models'),
    MFE_STATIC_URL: `http://127.0.0.1:${cdnPort}/mfe-static/`,
    ...extra,
  };
}

async function start(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServer(name, env);
  processes.push(server);
  return server;
}

const count = async (sql: string) => Number((await database.query<{ n: string }>(sql))[0]?.n ?? 0);

beforeAll(async () => {
  root = await tempDir('scale-out');
  await mkdir(path.join(root, 'models'), { recursive: true });
  database = await startSharedDatabase();
  cdnPort = await freePort();
  feeds = await startFeedHosts({
    hosts: HOSTS,
    feedsPerHost: FEEDS_PER_HOST,
    itemsPerFeed: 3,
    delayMs: 250,
  });
  // The first web process applies the migrations (under the advisory lock); the others find them
  // applied. Then the rest start together.
  webA = await start('web-a', envFor('web-a', { ROLE: 'web' }));
  const workerEnv = {
    ROLE: 'worker',
    LOG_LEVEL: 'info',
    // Both workers tick at the same second of the clock, so their crawls really race.
    CRAWL_SCHEDULE: '*/3 * * * * *',
    // At most 2 feeds at once per worker: with 4 hosts, neither can take every host alone.
    CRAWL_CONCURRENCY: '2',
    FEED_HOST_INTERVAL_MS: '0',
  };
  [webB, ...workers] = await Promise.all([
    start('web-b', envFor('web-b', { ROLE: 'web' })),
    start('worker-1', envFor('worker-1', workerEnv)),
    start('worker-2', envFor('worker-2', workerEnv)),
  ]);
  nginx = await startNginx({
    upstreams: [webA, webB].map((web) => new URL(web.url).host),
    remotes: ['mfe-static'],
    cdnPort,
  });
  // Four processes start one after another on a machine of 2 cores.
}, 240_000);

afterAll(async () => {
  await nginx?.stop();
  await Promise.all(processes.map((server) => server.stop()));
  await feeds?.close();
  await database?.close();
});

test('every process is healthy and ready, in server mode, on one fully migrated database', async () => {
  for (const web of [webA, webB]) {
    const health = (await (await fetch(`${web.url}/api/health`)).json()) as {
      status: string;
      database: { mode: string };
      migrations: { pending: number; applied: number };
    };
    expect(health).toMatchObject({ status: 'ok', database: { mode: 'server' } });
    expect(health.migrations.pending).toBe(0);
    const ready = await fetch(`${web.url}/api/health/ready`);
    expect([ready.status, await ready.json()]).toEqual([200, { ready: true, waiting: [] }]);
  }
  const applied = await database.query<{ name: string }>('SELECT name FROM schema_migrations');
  expect(new Set(applied.map((row) => row.name)).size).toBe(applied.length);
  for (const worker of workers) expect(worker.output()).not.toMatch(/Applied database migration/);
});

test('two workers crawling at once fetch each source exactly once, and embed every article', async () => {
  const opml = await feeds.writeOpml(root);
  expect(await runAdmin(['import-opml', opml], envFor('admin'))).toMatch(
    new RegExp(`${FEEDS} sources added`),
  );

  await until('every source fetched', async () =>
    (await count('SELECT count(*) AS n FROM sources WHERE last_success_at IS NOT NULL')) === FEEDS
      ? true
      : undefined,
  );
  // Let the runs that fetched them finish (and a few empty ticks pass).
  await until('the crawl runs to finish', async () =>
    (await count(
      'SELECT count(*) AS n FROM crawl_runs WHERE finished_at IS NULL AND fetched = 0',
    )) === 0 &&
    (await count(
      'SELECT coalesce(sum(fetched), 0) AS n FROM crawl_runs WHERE finished_at IS NOT NULL',
    )) === FEEDS
      ? true
      : undefined,
  );

  // Each feed was requested once in all: no source was taken by both workers.
  for (const url of feeds.feedUrls) expect([url, feeds.fetchesOf(url)]).toEqual([url, 1]);
  expect(
    await count(
      'SELECT coalesce(sum(fetched), 0) AS n FROM crawl_runs WHERE finished_at IS NOT NULL',
    ),
  ).toBe(FEEDS);

  // And the work was shared: each worker's own run summaries add up to its part.
  const fetchedBy = workers.map((worker) =>
    [
      ...worker
        .output()
        .matchAll(/Crawl run \d+ \(schedule\): \d+ feeds in [\d.]+ s, (\d+) fetched/g),
    ]
      .map((match) => Number(match[1]))
      .reduce((sum, fetched) => sum + fetched, 0),
  );
  console.info(`Feeds fetched per worker: ${fetchedBy.join(' + ')} = ${FEEDS}`);
  expect(fetchedBy.reduce((sum, fetched) => sum + fetched, 0)).toBe(FEEDS);
  expect(Math.min(...fetchedBy)).toBeGreaterThan(0);

  const articles = await count('SELECT count(*) AS n FROM articles');
  expect(articles).toBeGreaterThan(0);
  // The embedding job runs after each crawl in both workers; SKIP LOCKED splits the batches.
  await until('every article embedded', async () =>
    (await count('SELECT count(*) AS n FROM article_embeddings')) === articles ? true : undefined,
  );
  for (const worker of workers) expect(worker.output()).not.toMatch(/Job \w+ failed/);
});

test('a session, its XSRF token and a reader’s data work on either web process', async () => {
  const reader = new BrowserClient();
  const email = 'scale-out-reader@example.com';
  const password = 'analytical engine';

  // A visitor's pre-session and XSRF cookie come from A; B accepts them for sign-up.
  expect((await reader.get(webA.url, '/api/check_logged_in')).status).toBe(200);
  await reader.postJson(webB.url, '/api/signup_with_email', {
    name: 'Ada',
    email,
    password,
    recaptchaVerifyToken: 'captcha-off',
  });

  // The verification mail is in the shared outbox (the database): A's /dev/mail shows it.
  const verifyPath = await verificationLink(webA.url);
  expect((await fetch(`${webB.url}${verifyPath}`, { redirect: 'manual' })).status).toBe(303);

  // Signed in through A ...
  const signedIn = await reader.postJson<{ name: string }>(webA.url, '/api/signin_with_email', {
    email,
    password,
  });
  expect(signedIn.name).toBe('Ada');
  // ... the session is valid on B.
  const onB = (await (await reader.get(webB.url, '/api/check_logged_in')).json()) as {
    email?: string;
  };
  expect(onB.email).toBe(email);

  // A bookmark written through A is read through B, removed through B, gone on A.
  const [article] = await database.query<{ post_id: number }>(
    'SELECT post_id FROM articles ORDER BY post_id LIMIT 1',
  );
  const postId = Number(article?.post_id);
  expect(await reader.postJson(webA.url, '/api/bookmark_post', { postId })).toEqual({
    bookmarked: true,
  });
  const bookmarksOnB = await reader.postJson<{ post_id: number }[]>(
    webB.url,
    '/api/bookmarks_feed',
    { offset: 0, limit: 12 },
  );
  expect(bookmarksOnB.map((item) => Number(item.post_id))).toEqual([postId]);
  await reader.postJson(webB.url, '/api/remove_bookmark', { postId });
  expect(await reader.postJson(webA.url, '/api/bookmarks_feed', { offset: 0, limit: 12 })).toEqual(
    [],
  );

  // Signing out on B ends the session on A too.
  const oldSession = reader.cookie('bs_session');
  await reader.get(webB.url, '/api/logout');
  const staleCheck = await fetch(`${webA.url}/api/check_logged_in`, {
    headers: { cookie: `bs_session=${oldSession}` },
  });
  expect(await staleCheck.json()).toEqual({});
});

test('rate limits are counted across web processes', async () => {
  // Sign-in allows 10 attempts per account and client per 15-minute window: 5 through A and 5
  // through B use them up, so the 11th is refused whichever process gets it. Windows are fixed,
  // so a run that straddles a window's end is tried once more.
  const windowOf = () => Math.floor(Date.now() / (15 * 60 * 1000));
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const client = new BrowserClient();
    await client.get(webA.url, '/api/check_logged_in');
    const email = `limited-${attempt}@example.com`;
    const window = windowOf();
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1) {
      const web = index % 2 === 0 ? webA : webB;
      const response = await client.post(web.url, '/api/signin_with_email', {
        email,
        password: 'not the password',
      });
      statuses.push(response.status);
    }
    if (windowOf() !== window) continue;
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    return;
  }
  throw new Error('Both tries straddled a rate-limit window');
});

describe('behind nginx with the deployment’s configuration (deploy/nginx)', () => {
  test('the load balancer spreads requests over both web processes and hides their metrics', async () => {
    for (let index = 0; index < 6; index += 1) {
      expect((await fetch(`${nginx.proxyUrl}/api/health/ready`)).status).toBe(200);
    }
    const used = new Set(await nginx.upstreamsUsed());
    expect(used).toEqual(new Set([webA, webB].map((web) => new URL(web.url).host)));
    // Prometheus scrapes each process itself; the public address never shows /metrics.
    expect((await fetch(`${nginx.proxyUrl}/metrics`)).status).toBe(404);
  });

  test('a body over the app’s limit gets the app’s own 413 with its reason, not nginx’s page', async () => {
    const client = new BrowserClient();
    await client.get(nginx.proxyUrl, '/api/check_logged_in');
    const response = await client.post(nginx.proxyUrl, '/api/signin_with_email', {
      email: 'a@example.com',
      password: 'x'.repeat(1_500_000),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ statusCode: 413, reason: expect.any(String) });
  });

  test('the CDN serves entries revalidated and hashed chunks immutable to another origin, never source maps', async () => {
    const base = `${nginx.cdnUrl}mfe-static/`;
    const entry = await fetch(`${base}remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect(entry.headers.get('access-control-allow-origin')).toBe('*');
    const manifest = (await (await fetch(`${base}mf-manifest.json`)).json()) as {
      exposes: { assets: { js: { sync: string[] } } }[];
    };
    const chunk = manifest.exposes[0]?.assets.js.sync[0];
    expect(chunk).toMatch(/\.[0-9a-f]{8,}\.js$/);
    const hashed = await fetch(`${base}${chunk}`);
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${base}${chunk}.map`)).status).toBe(404);
  });

  test('a visitor’s browser gets the site through the load balancer and mfe-static from the CDN', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const problems = watchForProblems(page);
      const fromCdn: string[] = [];
      page.on('response', (response) => {
        if (response.url().startsWith(nginx.cdnUrl)) fromCdn.push(response.url());
      });
      await page.goto(`${nginx.proxyUrl}/about/about`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await screenshot(page, 'scale-out-nginx-about');
      expect(fromCdn.some((url) => url.endsWith('/mfe-static/remoteEntry.js'))).toBe(true);
      expect(problems.consoleErrors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  // Last: it stops web process A.
  test('a web process stopped in the middle of traffic (a rolling deploy) fails no request', async () => {
    const statuses: number[] = [];
    let stopped = false;
    const traffic = (async () => {
      // Requests before, during and after the stop: at least 20 once A is gone.
      for (let afterStop = 0; afterStop < 20; afterStop += stopped ? 1 : 0) {
        const response = await fetch(`${nginx.proxyUrl}/api/check_logged_in`);
        statuses.push(response.status);
        await response.arrayBuffer();
      }
    })();
    await until('traffic through the balancer', async () => statuses.length >= 5);
    await webA.stop();
    stopped = true;
    await traffic;
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });
});

/**
 * A crawl run offline and slow (docs/CONTENT.md, "Progress and unreachable hosts"): a host whose
 * name does not resolve is given up on after its first lookup, and `admin crawl` says where it
 * stands while it runs.
 */
import { lookup } from 'node:dns/promises';
import { jest } from '@jest/globals';
import { contentCommands } from '../../admin/content-commands.js';
import type { Config } from '../../config.js';
import { markAllDue } from '../../db/crawl-state.js';
import type { Db } from '../../db/db.js';
import { crawlOnce } from '../../jobs/content-jobs.js';
import { consoleLog } from '../../lib/log.js';
import { startFeedServer, staticContent, type FeedServer } from '../../testing/feed-server.js';
import { makeTempDir, testConfig } from '../../testing/test-config.js';
import { openTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { Fetcher } from '../fetch/fetcher.js';

/** `.invalid` never resolves (RFC 2606). */
const GONE_FEEDS = 'feeds.blogstream-test.invalid';
const GONE_PAGES = 'pages.blogstream-test.invalid';
const GONE_PAGE_COUNT = 5;

/** A feed of title-and-link items, whose pages are therefore to be visited. */
function feedOf(links: string[]): string {
  const items = links.map(
    (link, i) => `<item><title>Post number ${i + 1} of many</title><link>${link}</link></item>`,
  );
  return `<rss version="2.0"><channel><title>Local</title><link>http://local.example/</link>${items.join('')}</channel></rss>`;
}

const page = (title: string) =>
  `<html><head><title>${title}</title></head><body><article><p>${'A sentence of the post. '.repeat(40)}</p></article></body></html>`;

let database: TestDatabase;
let db: Db;
let server: FeedServer;

async function addSource(urlName: string, feedUrl: string) {
  await db.query(
    `INSERT INTO sources (url_name, name, long_name, feed_url, origin)
     VALUES ($1, $1, $1, $2, 'opml')`,
    [urlName, feedUrl],
  );
}

async function rows<Row>(sql: string): Promise<Row[]> {
  return (await db.query<Row>(sql)).rows;
}

function crawlConfig(env: NodeJS.ProcessEnv = {}): Config {
  return testConfig({
    DATA_DIR: makeTempDir('crawl-progress'),
    FEED_ALLOW_PRIVATE: '1',
    FEED_HOST_INTERVAL_MS: '0',
    CRAWL_PAGE_VISITS: '1',
    CRAWL_CONCURRENCY: '4',
    ...env,
  });
}

beforeAll(async () => {
  database = await openTestDatabase('embedded');
  db = database.db;
}, 120_000);

beforeEach(async () => {
  await db.query('DELETE FROM sources');
  server = await startFeedServer();
});

afterEach(() => server.close());

afterAll(() => database.close());

test('a host whose name does not resolve is looked up once per run: its other feeds fail, its other pages are skipped and left to visit', async () => {
  const goneLinks = Array.from(
    { length: GONE_PAGE_COUNT },
    (_, i) => `http://${GONE_PAGES}/post-${i}`,
  );
  server.route('/feed.xml', staticContent(feedOf(goneLinks), 'application/rss+xml'));
  await addSource('local', server.url('/feed.xml'));
  await addSource('gone-a', `http://${GONE_FEEDS}/a.xml`);
  await addSource('gone-b', `http://${GONE_FEEDS}/b.xml`);
  const lookups = new Map<string, number>();
  // The address rule's resolver, counted; the local server's 127.0.0.1 needs no lookup.
  const fetcher = new Fetcher({
    userAgent: 'blogstream-test',
    timeoutMs: 10_000,
    maxBytes: 1024 * 1024,
    allowPrivate: false,
    isAllowedAddress: () => true,
    resolveHost: async (host) => {
      lookups.set(host, (lookups.get(host) ?? 0) + 1);
      return (await lookup(host, { all: true })).map((entry) => entry.address);
    },
  });
  const config = crawlConfig();
  try {
    const report = await crawlOnce(db, fetcher, config, 'admin', consoleLog('silent'));
    expect(report).toMatchObject({ fetched: 1, failed: 2, failuresByCode: { DNS_FAILED: 2 } });
  } finally {
    await fetcher.close();
  }

  expect(Object.fromEntries(lookups)).toEqual({ [GONE_FEEDS]: 1, [GONE_PAGES]: 1 });
  expect(
    await rows(`SELECT url_name, last_status, last_error_code FROM sources ORDER BY url_name`),
  ).toEqual([
    { url_name: 'gone-a', last_status: 'error', last_error_code: 'DNS_FAILED' },
    { url_name: 'gone-b', last_status: 'error', last_error_code: 'DNS_FAILED' },
    { url_name: 'local', last_status: 'ok', last_error_code: null },
  ]);
  // The page looked up is recorded as unreadable; the others were not tried, so stay to visit.
  expect(
    await rows(`SELECT page_state, count(*)::int AS n FROM articles GROUP BY 1 ORDER BY 1`),
  ).toEqual([
    { page_state: 'failed', n: 1 },
    { page_state: 'pending', n: GONE_PAGE_COUNT - 1 },
  ]);
});

test('admin crawl writes progress lines while it runs: sources done, new articles, pages and the hosts they wait for', async () => {
  const links = Array.from({ length: 6 }, (_, i) => server.url(`/posts/${i}`));
  for (const [i, link] of links.entries()) {
    server.route(new URL(link).pathname, staticContent(page(`Post ${i}`), 'text/html'));
  }
  server.route('/feed.xml', staticContent(feedOf(links), 'application/rss+xml'));
  await addSource('local', server.url('/feed.xml'));
  await addSource('gone', `http://${GONE_FEEDS}/feed.xml`);
  await markAllDue(db);
  // One page every 250 ms from the one host: about 1.5 s of visits, a progress line every 0.2 s.
  const config = crawlConfig({ FEED_HOST_INTERVAL_MS: '250', CRAWL_PROGRESS_SECONDS: '0.2' });
  const written: string[] = [];
  const info = jest.spyOn(console, 'info').mockImplementation((line: string) => {
    written.push(line);
  });
  try {
    await contentCommands.crawl!.run(db, [], config);
  } finally {
    info.mockRestore();
  }

  const progress = written.filter((line) => line.startsWith('Crawl progress after '));
  expect(progress.length).toBeGreaterThanOrEqual(3);
  expect(progress.at(-1)).toMatch(
    /: sources 2\/2 done \(1 failed\), 6 new articles; pages \d read, 0 unreadable, 0 skipped, \d to go/,
  );
  expect(progress.at(-1)).toMatch(
    /; hosts given up \(name did not resolve\): 1, fetches not tried: 0$/,
  );
  // While pages queue for the host's turn, the line names the host.
  expect(progress.some((line) => line.includes(`waiting for their host's turn: 127.0.0.1:`))).toBe(
    true,
  );
  expect(written.find((line) => line.startsWith('Page visits: '))).toMatch(
    /^Page visits: 6 pages read, 0 unreadable, 0 skipped/,
  );
});

import { feedResponseSchema, type Article } from '@blogstream/shared/contract';
import type { Db } from '../../../db/db.js';
import { upsertSources } from '../../../db/sources.js';
import {
  createReader,
  openTestDatabase,
  startTestServer,
  type TestDatabase,
  type TestReader,
  type TestServer,
} from '../../../testing/accounts-harness.js';
import type { ApiClient } from '../../../testing/api-client.js';
import { crawlNow } from '../../../testing/crawl-now.js';
import { sourceEntry } from '../../../testing/content-fixtures.js';
import { startFeedServer, staticContent, type FeedServer } from '../../../testing/feed-server.js';
import { ReadAfterAsking } from './public-page-cache.js';

let database: TestDatabase;
let feeds: FeedServer;
let server: TestServer;
let reader: TestReader;
/** Every statement the server sent to the database, in order. */
const statements: string[] = [];

const FIRST_PAGE = { queryData: null, offset: 0, limit: 12 };
const DAY_MS = 24 * 60 * 60 * 1000;

/** An RSS feed of `titles`, the first the newest (a day apart). */
function rss(titles: string[]): string {
  const items = titles.map(
    (title, index) =>
      `<item><title>${title}</title><link>https://cache.example/${encodeURIComponent(title)}</link>` +
      `<description>${title}, explained at length.</description>` +
      `<pubDate>${new Date(Date.now() - index * DAY_MS).toUTCString()}</pubDate></item>`,
  );
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Cache</title>${items.join('')}</channel></rss>`;
}

function serveFeed(titles: string[]): void {
  feeds.route('/feed.xml', staticContent(rss(titles), 'application/rss+xml'));
}

/** The discover feed's first page, and the statements reading articles it made. */
async function firstPage(client: ApiClient): Promise<{ page: Article[]; articleReads: number }> {
  const before = statements.length;
  const response = await client.post('/api/discover_feed', FIRST_PAGE);
  const page = feedResponseSchema.parse(await response.json());
  const articleReads = statements
    .slice(before)
    .filter((statement) => /\barticles\b/.test(statement)).length;
  return { page, articleReads };
}

const titles = (page: Article[]) => page.map((article) => article.title);

beforeAll(async () => {
  database = await openTestDatabase('embedded');
  feeds = await startFeedServer();
  serveFeed(['Vacuum, part 3', 'Vacuum, part 2', 'Vacuum, part 1']);
  await upsertSources(
    database.db,
    [{ ...sourceEntry('cache', 'Cache', ['Databases']), feed_url: feeds.url('/feed.xml') }],
    'catalogue',
  );
  await crawlNow(database.db);
  const counting: Db = {
    ...database.db,
    query: (sql, params) => {
      statements.push(sql);
      return database.db.query(sql, params);
    },
  };
  server = await startTestServer(counting);
  reader = await createReader(server);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await feeds?.close();
  await database?.close();
});

test('a first page every visitor gets is read once, then answered from memory: the same articles, the same scroll', async () => {
  const first = await server.client();
  const second = await server.client();

  const read = await firstPage(first);
  const remembered = await firstPage(second);

  expect(titles(read.page)).toEqual(['Vacuum, part 3', 'Vacuum, part 2', 'Vacuum, part 1']);
  expect(remembered.page).toEqual(read.page);
  // One read of the public content's version, where the page itself took several.
  expect(read.articleReads).toBeGreaterThan(1);
  expect(remembered.articleReads).toBe(1);
  // Both scrolls continue under the snapshot the page was read at.
  expect(second.cookie('feed_snapshot')).toBe(first.cookie('feed_snapshot'));
});

/** A response's headers but those that differ between any two answers (the date). */
function headersOf(response: Response): Record<string, string> {
  const headers = Object.fromEntries(response.headers);
  delete headers.date;
  return headers;
}

test.each([
  ['br', 'br'],
  ['gzip', 'gzip'],
  ['identity', null],
])(
  'a first page from memory, asked with Accept-Encoding %s, carries the headers of the page read: security headers, Content-Type, Vary and Content-Encoding',
  async (acceptEncoding, contentEncoding) => {
    const client = await server.client();
    // A page of its own per encoding (all three articles, over the compression threshold), so
    // that the first answer is the one read.
    const body = { ...FIRST_PAGE, limit: 3 + ['br', 'gzip', 'identity'].indexOf(acceptEncoding) };
    const ask = async () => {
      const before = statements.length;
      const response = await client.post('/api/discover_feed', body, {
        'accept-encoding': acceptEncoding,
      });
      const articleReads = statements
        .slice(before)
        .filter((statement) => /\barticles\b/.test(statement)).length;
      return { response, articleReads, page: feedResponseSchema.parse(await response.json()) };
    };

    const read = await ask();
    const remembered = await ask();

    expect(read.articleReads).toBeGreaterThan(1);
    expect(remembered.articleReads).toBe(1);
    expect(remembered.page).toEqual(read.page);
    expect(headersOf(remembered.response)).toEqual(headersOf(read.response));
    expect(remembered.response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(remembered.response.headers.get('content-encoding')).toBe(contentEncoding);
    expect(remembered.response.headers.get('content-security-policy')).toContain(
      "default-src 'self'",
    );
    expect(remembered.response.headers.get('x-frame-options')).toBe('DENY');
    if (contentEncoding) {
      expect(remembered.response.headers.get('vary')).toMatch(/accept-encoding/i);
    }
  },
);

test("a signed-in reader's first page is read for them, never the visitors' copy", async () => {
  const visitor = await server.client();
  const [newest] = (await firstPage(visitor)).page;
  await reader.client.postJson('/api/bookmark_post', { postId: newest!.post_id });

  const readers = await firstPage(reader.client);

  expect(readers.articleReads).toBeGreaterThan(1);
  expect(readers.page[0]).toEqual(
    expect.objectContaining({ title: 'Vacuum, part 3', bookmarked: true }),
  );
  expect((await firstPage(visitor)).page[0]?.bookmarked).toBe(false);
});

test("a crawl that stores an article changes the visitors' first page at once", async () => {
  const visitor = await server.client();
  await firstPage(visitor);
  serveFeed(['Vacuum, part 4', 'Vacuum, part 3', 'Vacuum, part 2', 'Vacuum, part 1']);

  await crawlNow(database.db);

  expect(titles((await firstPage(visitor)).page)).toEqual([
    'Vacuum, part 4',
    'Vacuum, part 3',
    'Vacuum, part 2',
    'Vacuum, part 1',
  ]);
});

test('callers share the next read, which begins after they all asked and the running one ended', async () => {
  const started: number[] = [];
  const finish: (() => void)[] = [];
  const reads = new ReadAfterAsking(() => {
    started.push(started.length + 1);
    const number = started.length;
    return new Promise<number>((resolve) => finish.push(() => resolve(number)));
  });
  // A few turns of the event loop: the read's own turn comes within them.
  const turns = async () => {
    for (let turn = 0; turn < 3; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  };

  const [first, sameTurn] = [reads.get(), reads.get()];
  await turns();
  expect(started).toEqual([1]);
  const [later, alsoLater] = [reads.get(), reads.get()];
  finish[0]!();
  expect([await first, await sameTurn]).toEqual([1, 1]);
  await turns();
  expect(started).toEqual([1, 2]);
  finish[1]!();

  expect([await later, await alsoLater]).toEqual([2, 2]);
});

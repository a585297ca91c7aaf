import { readFileSync } from 'node:fs';
import { parseOpml } from 'feedsmith';
import {
  importOpmlResponseSchema,
  OPML_IMPORT_MAX_CHARS,
  type ImportOpmlResponse,
} from '@blogstream/shared/contract';
import { upsertSources } from '../../../db/sources.js';
import {
  createReader,
  readError,
  type TestReader,
  type TestServer,
} from '../../../testing/accounts-harness.js';
import { sourceEntry } from '../../../testing/content-fixtures.js';
import { startFeedServer, staticContent, type FeedServer } from '../../../testing/feed-server.js';
import { sharedDataFile } from '../../../testing/shared-data.js';
import { routeTestSite } from '../../../testing/route-test-site.js';

/** A real crawled feed from the shared corpus (Cursor's blog, RSS). */
const CORPUS_FEED = readFileSync(sharedDataFile('feeds', 'cursor-blog.xml'), 'utf8');

let feeds: FeedServer;

/** An export the way Feedly writes one: folders of outlines with text, title, xmlUrl, htmlUrl. */
function feedlyExport(outlines: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<opml version="1.0">
  <head><title>Reader subscriptions in feedly Cloud</title></head>
  <body>
    <outline text="Engineering" title="Engineering">
      ${outlines}
    </outline>
  </body>
</opml>`;
}

const outline = (title: string, xmlUrl: string, htmlUrl = '') =>
  `<outline type="rss" text="${title}" title="${title}" xmlUrl="${xmlUrl}" htmlUrl="${htmlUrl}"/>`;

beforeAll(async () => {
  feeds = await startFeedServer();
  feeds.route('/cursor.xml', staticContent(CORPUS_FEED, 'application/rss+xml'));
  feeds.route('/page/', staticContent('<!doctype html><title>No feed</title>', 'text/html'));
});

afterAll(async () => {
  await feeds?.close();
});

const site = routeTestSite('embedded', {
  env: { FEED_ALLOW_PRIVATE: 'true' },
  seed: async (db) => {
    await upsertSources(
      db,
      [
        {
          ...sourceEntry('known-blog', 'Known & "Quoted" <Blog>', []),
          site_url: 'https://known.example/',
          feed_url: 'https://known.example/feed.xml',
        },
        {
          ...sourceEntry('site-blog', 'Site Blog', []),
          site_url: 'https://site.example/',
          feed_url: 'https://site.example/rss',
        },
      ],
      'catalogue',
    );
  },
});

async function importFile(reader: TestReader, opml: string): Promise<ImportOpmlResponse> {
  const response = await reader.client.post('/api/import_opml', { opml });
  expect(response.status).toBe(200);
  return importOpmlResponseSchema.parse(await response.json());
}

async function followedUrlNames(reader: TestReader): Promise<string[]> {
  const { rows } = await site.db.query<{ url_name: string }>(
    `SELECT s.url_name FROM source_follows f JOIN sources s USING (source_id)
      WHERE f.user_id = $1 ORDER BY s.url_name`,
    [reader.userId],
  );
  return rows.map((row) => row.url_name);
}

test('a Feedly export follows known feeds, creates and crawls a new one, and refuses the rest', async () => {
  const reader = await site.signIn();
  const report = await importFile(
    reader,
    feedlyExport(
      [
        // The known feed, spelled differently (http, www., trailing slash).
        outline('Known', 'http://www.known.example/feed.xml/'),
        // Another feed of a site exactly one known source has.
        outline('Site comments', 'https://site.example/comments/feed', 'https://site.example'),
        outline('Cursor', feeds.url('/cursor.xml'), 'https://cursor.com/blog'),
        outline('A page', feeds.url('/page/')),
        outline('Gone', feeds.url('/gone.xml')),
        outline('Not a URL', 'feed:nowhere'),
      ].join('\n'),
    ),
  );

  expect(report.known.map((source) => source.url_name)).toEqual(['known-blog', 'site-blog']);
  expect(report.added).toEqual([
    expect.objectContaining({ url_name: 'cursor', feed_url: feeds.url('/cursor.xml') }),
  ]);
  expect(report.refused).toEqual(
    expect.arrayContaining([
      { title: 'A page', feed_url: feeds.url('/page/'), reason: 'not_a_feed' },
      { title: 'Gone', feed_url: feeds.url('/gone.xml'), reason: 'fetch_failed' },
      { title: 'Not a URL', feed_url: 'feed:nowhere', reason: 'invalid_url' },
    ]),
  );
  expect(report.refused).toHaveLength(3);
  expect(await followedUrlNames(reader)).toEqual(['cursor', 'known-blog', 'site-blog']);

  // The new source was crawled at once: its articles are in the reader's subscriptions feed.
  const { rows } = await site.db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM articles a JOIN sources s USING (source_id)
      WHERE s.url_name = 'cursor'`,
  );
  expect(rows[0]!.count).toBeGreaterThan(0);
  // Refused feeds leave no source behind.
  const leftovers = await site.db.query('SELECT 1 FROM sources WHERE feed_url = ANY ($1::text[])', [
    [feeds.url('/page/'), feeds.url('/gone.xml')],
  ]);
  expect(leftovers.rows).toHaveLength(0);

  // A second reader importing the same feed finds it known.
  const second = await site.signIn();
  const again = await importFile(second, feedlyExport(outline('Cursor', feeds.url('/cursor.xml'))));
  expect(again.known.map((source) => source.url_name)).toEqual(['cursor']);
  expect(again.added).toEqual([]);
});

test("the export is a well-formed OPML 2.0 download of the reader's follows, titles escaped", async () => {
  const reader = await site.signIn();
  await importFile(reader, feedlyExport(outline('Known', 'https://known.example/feed.xml')));

  const response = await reader.client.get('/api/subscriptions_opml');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/x-opml/);
  expect(response.headers.get('content-disposition')).toBe(
    'attachment; filename="subscriptions.opml"',
  );
  const text = await response.text();
  expect(text).toContain('<opml version="2.0">');
  expect(text).toContain('Known &amp; &quot;Quoted&quot; &lt;Blog&gt;');
  const document = parseOpml(text);
  expect(document.body?.outlines).toEqual([
    expect.objectContaining({
      text: 'Known & "Quoted" <Blog>',
      xmlUrl: 'https://known.example/feed.xml',
      htmlUrl: 'https://known.example/',
    }),
  ]);
});

test('a reader who follows nothing exports a valid OPML document with no feed, which imports as nothing', async () => {
  const reader = await site.signIn();
  const response = await reader.client.get('/api/subscriptions_opml');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/x-opml/);
  const text = await response.text();
  expect(text).toContain('<opml version="2.0">');
  const document = parseOpml(text);
  expect(document.head?.title).toMatch(/subscriptions$/);
  expect(document.body?.outlines?.filter((entry) => entry.xmlUrl)).toEqual([]);

  const reimported = await importFile(reader, text);
  expect(reimported).toEqual({ added: [], known: [], refused: [] });
  expect(await followedUrlNames(reader)).toEqual([]);
});

test('the export and the import are for signed-in readers only', async () => {
  const visitor = await site.server.client();
  expect((await visitor.get('/api/subscriptions_opml')).status).toBe(401);
  const response = await visitor.post('/api/import_opml', { opml: feedlyExport('') });
  expect(response.status).toBe(401);
});

test.each([
  ['malformed XML', '<opml version="2.0"><body><outline text="cut'],
  ['a document that is not OPML', '<rss version="2.0"><channel></channel></rss>'],
  [
    'an entity expansion attempt',
    `<?xml version="1.0"?><!DOCTYPE opml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>
     <opml version="2.0"><body><outline text="&b;" xmlUrl="https://x.example/feed"/></body></opml>`,
  ],
  [
    'an external entity',
    `<?xml version="1.0"?><!DOCTYPE opml [<!ENTITY x SYSTEM "file:///etc/passwd">]>
     <opml version="2.0"><body><outline text="&x;" xmlUrl="https://x.example/feed"/></body></opml>`,
  ],
])('%s is refused with 400 OPML_INVALID', async (_, opml) => {
  const reader = await site.signIn();
  const response = await reader.client.post('/api/import_opml', { opml });
  expect(response.status).toBe(400);
  expect((await readError(response)).reason).toBe('OPML_INVALID');
  expect(await followedUrlNames(reader)).toEqual([]);
});

test('a file over the limits is refused before anything is fetched', async () => {
  const reader = await site.signIn();
  const tooManyFeeds = feedlyExport(
    Array.from({ length: 1001 }, (_, n) => outline(`F${n}`, `https://f${n}.example/feed`)).join(''),
  );
  const many = await reader.client.post('/api/import_opml', { opml: tooManyFeeds });
  expect(many.status).toBe(400);
  expect((await readError(many)).reason).toBe('OPML_TOO_MANY_FEEDS');

  const tooLong = await reader.client.post('/api/import_opml', {
    opml: feedlyExport(`<!-- ${'x'.repeat(OPML_IMPORT_MAX_CHARS)} -->`),
  });
  expect(tooLong.status).toBe(400);
  expect(await readError(tooLong)).toMatchObject({
    reason: 'VALIDATION_FAILED',
    details: [expect.objectContaining({ path: 'body.opml' })],
  });

  const overBodyLimit = await reader.client.post('/api/import_opml', {
    opml: 'x'.repeat(2 * 1024 * 1024),
  });
  expect(overBodyLimit.status).toBe(413);
  expect((await readError(overBodyLimit)).reason).toBe('PAYLOAD_TOO_LARGE');
});

describe('with the public-address rule and a limit on imports', () => {
  let guarded: TestServer;

  beforeAll(async () => {
    guarded = await site.startAnother({
      rateLimits: { importOpmlPerAccount: { limit: 1, windowSeconds: 3600 } },
    });
  });

  test('a feed on a private address is refused, and a second import within the hour is 429', async () => {
    const reader = await createReader(guarded);
    const feedUrl = feeds.url('/cursor.xml').replace('127.0.0.1', '127.0.0.2');
    const response = await reader.client.post('/api/import_opml', {
      opml: feedlyExport(outline('Private', feedUrl)),
    });
    expect(response.status).toBe(200);
    const report = importOpmlResponseSchema.parse(await response.json());
    expect(report.refused).toEqual([
      { title: 'Private', feed_url: feedUrl, reason: 'private_address' },
    ]);
    expect(report.added).toEqual([]);

    const again = await reader.client.post('/api/import_opml', { opml: feedlyExport('') });
    expect(again.status).toBe(429);
    expect((await readError(again)).reason).toBe('RATE_LIMITED');
    expect(again.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

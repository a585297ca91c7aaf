import type { Article } from '@blogstream/shared/contract';
import type { TestReader } from '../../../testing/accounts-harness.js';
import {
  addArticles,
  addSources,
  article,
  sourceEntry,
} from '../../../testing/content-fixtures.js';
import { expectFailure, feedPage, routeTestSite } from '../../../testing/route-test-site.js';

let reader: TestReader;
let sourceIds: Map<string, number>;

const PAGE = 12;

const ids = (articles: Article[]) => articles.map((item) => item.post_id);

const site = routeTestSite('embedded', {
  seed: async (db) => {
    sourceIds = await addSources(db, [
      sourceEntry('gopher', 'Gopher', ['Programming Languages']),
      sourceEntry('tables', 'Tables', ['Databases']),
    ]);
    await addArticles(
      db,
      sourceIds.get('gopher')!,
      Array.from({ length: 20 }, (_, index) =>
        article('gopher.example', `Goroutines and channels, part ${index + 1}`, index * 2, {
          topics: ['Programming Languages'],
        }),
      ),
    );
    await addArticles(
      db,
      sourceIds.get('tables')!,
      Array.from({ length: 20 }, (_, index) =>
        article('tables.example', `Postgres vacuum explained, part ${index + 1}`, index * 2 + 1, {
          topics: ['Databases'],
          description: 'How autovacuum keeps PostgreSQL tables healthy.',
        }),
      ),
    );
  },
});

beforeAll(async () => {
  reader = await site.signIn();
});

test('the discover feed answers every article field, fresher first, bookmarked false for visitors', async () => {
  const page = await feedPage(site.visitor, '/api/discover_feed', {
    queryData: null,
    offset: 0,
    limit: PAGE,
  });

  expect(page).toHaveLength(PAGE);
  expect(page[0]).toEqual({
    post_id: expect.any(Number),
    title: 'Goroutines and channels, part 1',
    description: 'About goroutines and channels, part 1.',
    link: expect.stringMatching(/^https:\/\/gopher\.example\/posts\/\d+$/),
    image: null,
    source_type: 'blog',
    source_name: 'Gopher',
    source_url_name: 'gopher',
    source_logo_file: 'gopher.svg',
    publishing_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    bookmarked: false,
    read: false,
    topics: expect.any(Array),
    // Not classified yet: the genre pass runs after a crawl (genre-filter.test.ts).
    genre: null,
    // No other blog has the story (story-routes.test.ts clusters real crawled copies).
    also_on: [],
    // A site.visitor gives no feedback, and a visitor's feed is nobody's: no reasons (why) either.
    feedback: null,
  });
  const dates = page.map((item) => Date.parse(item.publishing_date ?? ''));
  expect(dates).toEqual([...dates].sort((a, b) => b - a));
});

test('pages stay stable while new articles arrive: every article once, none skipped', async () => {
  const client = await site.server.client();
  const before = await site.db.query<{ post_id: number }>(
    'SELECT post_id FROM articles ORDER BY publishing_date DESC, post_id DESC',
  );
  const seen: number[] = ids(
    await feedPage(client, '/api/discover_feed', { offset: 0, limit: PAGE }),
  );
  // Newer than anything shown: without the snapshot these would push page one onto page two.
  await addArticles(site.db, sourceIds.get('gopher')!, [
    article('gopher.example', 'Breaking news one', 0),
    article('gopher.example', 'Breaking news two', 0),
    article('gopher.example', 'Breaking news three', 0),
  ]);
  for (let offset = PAGE; ; offset += PAGE) {
    const page = await feedPage(client, '/api/discover_feed', { offset, limit: PAGE });
    seen.push(...ids(page));
    if (page.length < PAGE) break;
  }
  expect(new Set(seen).size).toBe(seen.length);
  expect([...seen].sort((a, b) => a - b)).toEqual(
    before.rows.map((row) => Number(row.post_id)).sort((a, b) => a - b),
  );

  // Fresh articles lead, two of one source at most in twelve (docs/decisions/0036).
  const fresh = await feedPage(client, '/api/discover_feed', { offset: 0, limit: 4 });
  expect(fresh.slice(0, 2).every((item) => item.title.startsWith('Breaking'))).toBe(true);
  expect(fresh[2]!.source_url_name).toBe('tables');
  expect(fresh.filter((item) => item.source_url_name === 'gopher')).toHaveLength(2);
});

test("a reader's discover feed holds their topics and marks their bookmarks", async () => {
  await site.db.query(`UPDATE users SET topics = '{Databases}' WHERE user_id = $1`, [
    reader.userId,
  ]);
  const first = await feedPage(reader.client, '/api/discover_feed', { offset: 0, limit: 5 });
  // Their topic holds one blog: two of it, then other blogs' articles keep the source cap, each
  // saying why (docs/decisions/0036).
  expect(first.slice(0, 2).map((item) => item.source_url_name)).toEqual(['tables', 'tables']);
  const others = first.filter((item) => item.source_url_name !== 'tables');
  expect(others.length).toBeGreaterThan(0);
  expect(others.map((item) => item.why?.[0])).toEqual(
    others.map(() => 'Another blog, so no one fills your feed'),
  );
  await site.db.query('INSERT INTO bookmarks (user_id, post_id) VALUES ($1, $2)', [
    reader.userId,
    first[1]!.post_id,
  ]);
  const again = await feedPage(reader.client, '/api/discover_feed', { offset: 0, limit: 5 });
  expect(again.map((item) => item.bookmarked)).toEqual([false, true, false, false, false]);
});

test('discover_feed/{term} filters by topic; "All" is the whole feed; other terms are 404', async () => {
  const topic = await feedPage(
    site.visitor,
    `/api/discover_feed/${encodeURIComponent('programming languages')}`,
    {
      offset: 0,
      limit: 50,
    },
  );
  expect(topic.length).toBeGreaterThan(0);
  expect(new Set(topic.map((item) => item.source_url_name))).toEqual(new Set(['gopher']));
  expect(
    await feedPage(site.visitor, '/api/discover_feed/All', { offset: 0, limit: 5 }),
  ).toHaveLength(5);
  await expectFailure(
    site.visitor.post('/api/discover_feed/Knitting', { offset: 0, limit: 5 }),
    404,
    'UNKNOWN_TOPIC',
  );
});

test('search ranks by relevance; the discover search lists matches newest first', async () => {
  const results = await feedPage(site.visitor, '/api/search', {
    queryData: 'autovacuum postgres',
    offset: 0,
    limit: 50,
  });
  expect(results).toHaveLength(20);
  expect(results.every((item) => item.source_url_name === 'tables')).toBe(true);

  // A topic's name gives its topic page instead (topic-page.test.ts).
  const newest = await feedPage(site.visitor, '/api/search_for_discover_feed', {
    queryData: 'autovacuum',
    offset: 0,
    limit: 50,
  });
  expect(newest).toHaveLength(20);
  const dates = newest.map((item) => Date.parse(item.publishing_date ?? ''));
  expect(dates).toEqual([...dates].sort((a, b) => b - a));

  expect(
    await feedPage(site.visitor, '/api/search', { queryData: 'the', offset: 0, limit: 5 }),
  ).toEqual([]);
  await expectFailure(
    site.visitor.post('/api/search', { queryData: '   ', offset: 0, limit: 5 }),
    400,
    'BAD_REQUEST',
  );
});

test('a source feed holds that source only; unknown and malformed ids fail', async () => {
  const gopher = sourceIds.get('gopher')!;
  const page = await feedPage(site.visitor, `/api/source_feed/${gopher}`, { offset: 0, limit: 50 });
  expect(page.length).toBeGreaterThan(20);
  expect(new Set(page.map((item) => item.source_url_name))).toEqual(new Set(['gopher']));
  await expectFailure(
    site.visitor.post('/api/source_feed/999999', { offset: 0, limit: 5 }),
    404,
    'NOT_FOUND',
  );
  await expectFailure(
    site.visitor.post('/api/source_feed/abc', { offset: 0, limit: 5 }),
    400,
    'VALIDATION_FAILED',
  );
});

test('the subscriptions feed needs a session and holds the followed sources', async () => {
  await expectFailure(
    site.visitor.post('/api/subscriptions_feed', { offset: 0, limit: 5 }),
    401,
    'UNAUTHORIZED',
  );
  await site.db.query('INSERT INTO source_follows (user_id, source_id) VALUES ($1, $2)', [
    reader.userId,
    sourceIds.get('gopher'),
  ]);
  const page = await feedPage(reader.client, '/api/subscriptions_feed', { offset: 0, limit: 50 });
  expect(new Set(page.map((item) => item.source_url_name))).toEqual(new Set(['gopher']));
});

test('dig_deeper_article answers the demo articles asked for', async () => {
  expect(await feedPage(site.visitor, '/api/dig_deeper_article', { n_articles: 2 })).toHaveLength(
    2,
  );
  await expectFailure(
    site.visitor.post('/api/dig_deeper_article', { n_articles: 0 }),
    400,
    'VALIDATION_FAILED',
  );
});

test('feed bodies are validated: limit, offset and queryData', async () => {
  for (const body of [
    { offset: 0 },
    { offset: -1, limit: 12 },
    { offset: 0, limit: 51 },
    { offset: 0, limit: 12, queryData: { text: 'x' } },
  ]) {
    await expectFailure(site.visitor.post('/api/discover_feed', body), 400, 'VALIDATION_FAILED');
  }
});

test("the landing page's summary demo is a demo card whose text makes a summary, not the newest", async () => {
  const demoSource = (await addSources(site.db, [sourceEntry('demo', 'Demo', [])])).get('demo')!;
  const card = { image: 'https://demo.example/cover.png', imageDeclared: true };
  const prose = [
    'Connection pooling keeps database connections open between requests.',
    'PgBouncer is a lightweight connection pooler that sits in front of PostgreSQL.',
    'Transaction pooling returns a connection to the pool when each transaction ends.',
    'Our benchmarks showed PgBouncer cut connection setup time by ninety percent.',
  ].join(' ');
  const code = Array.from(
    { length: 8 },
    (_, index) => `Node . label n${index} in Graphlib . to_dot ( module Graphlib .`,
  ).join('\n\n');
  await addArticles(site.db, demoSource, [
    article('demo.example', 'Printing graphs with Graphlib', -2, { ...card, content: code }),
    article('demo.example', 'Connection pooling with PgBouncer', -1, { ...card, content: prose }),
  ]);

  const [summaryDemo, similarDemo] = await feedPage(site.visitor, '/api/dig_deeper_article', {
    n_articles: 2,
  });

  expect(summaryDemo!.title).toBe('Connection pooling with PgBouncer');
  expect(similarDemo!.title).toBe('Printing graphs with Graphlib');
});

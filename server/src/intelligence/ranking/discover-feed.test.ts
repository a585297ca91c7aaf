import { feedResponseSchema, type Article } from '@blogstream/shared/contract';
import {
  createReader,
  openTestDatabase,
  startTestServer,
  type TestDatabase,
  type TestReader,
  type TestServer,
} from '../../testing/accounts-harness.js';
import type { ApiClient } from '../../testing/api-client.js';
import { addArticles, addSources, article, sourceEntry } from '../../testing/content-fixtures.js';
import { addSubjectArticles, embedAll, postIdOf } from '../../testing/intelligence-fixtures.js';
import { MAX_SAME_SOURCE_IN_A_ROW } from './feed-score.js';

let database: TestDatabase;
let server: TestServer;
let sources: Map<string, number>;

async function feed(client: ApiClient, offset = 0, limit = 12): Promise<Article[]> {
  return feedResponseSchema.parse(
    await client.postJson('/api/discover_feed', { queryData: null, offset, limit }),
  );
}

async function everyPage(client: ApiClient, between?: () => Promise<void>): Promise<Article[]> {
  const seen: Article[] = [];
  for (let offset = 0; ; offset += 6) {
    const page = await feed(client, offset, 6);
    seen.push(...page);
    if (page.length < 6) return seen;
    await between?.();
  }
}

beforeAll(async () => {
  database = await openTestDatabase('embedded');
  sources = await addSubjectArticles(database.db);
  const busy = await addSources(database.db, [sourceEntry('busy', 'Busy Blog', [])]);
  sources.set('busy', busy.get('busy')!);
  // The newest articles all come from one source.
  await addArticles(
    database.db,
    busy.get('busy')!,
    Array.from({ length: 8 }, (_, index) =>
      article('busy.example', `Release notes ${index + 1}`, 0.1 + index / 100),
    ),
  );
  server = await startTestServer(database.db);
  await embedAll(database.db, server.config);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await database?.close();
});

test(`visitors get a fresh global feed with no more than ${MAX_SAME_SOURCE_IN_A_ROW} of one source in a row`, async () => {
  const page = await feed(await server.client(), 0, 12);
  expect(page).toHaveLength(12);
  expect(page[0]!.source_url_name).toBe('busy');
  for (let index = MAX_SAME_SOURCE_IN_A_ROW; index < page.length; index += 1) {
    const run = page.slice(index - MAX_SAME_SOURCE_IN_A_ROW, index + 1);
    expect(new Set(run.map((item) => item.source_url_name)).size).toBeGreaterThan(1);
  }
});

test("a reader's followed sources rank up", async () => {
  const reader = await createReader(server);
  await reader.client.postJson('/api/follow_source', { sourceId: sources.get('people') });
  const page = await feed(reader.client, 0, 4);
  expect(page.slice(0, 2).map((item) => item.source_url_name)).toEqual(['people', 'people']);
});

test('articles like the ones a reader bookmarked rank up', async () => {
  const reader = await createReader(server);
  const visitorOrder = (await feed(await server.client(), 0, 30)).map((item) => item.title);
  await reader.client.postJson('/api/bookmark_post', {
    postId: await postIdOf(database.db, 'Canary deployments without fear'),
  });
  const readerOrder = (await feed(reader.client, 0, 30)).map((item) => item.title);
  const rank = (order: string[]) => order.indexOf('Feature flags at scale');
  expect(rank(readerOrder)).toBeLessThan(rank(visitorOrder));
});

test('bookmarking while scrolling does not reshuffle the pages still to come', async () => {
  const reader: TestReader = await createReader(server);
  const all = await everyPage(reader.client, async () => {
    const latest = await feed(reader.client, 0, 1);
    await reader.client.postJson('/api/bookmark_post', { postId: latest[0]!.post_id });
  });
  const ids = all.map((item) => item.post_id);
  expect(new Set(ids).size).toBe(ids.length);
  const { rows } = await database.db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM articles',
  );
  expect(ids).toHaveLength(rows[0]!.count);
});

test('an undated article ranks as old: after every dated one, even from a followed source', async () => {
  const added = await addSources(database.db, [sourceEntry('timeless', 'Timeless Blog', [])]);
  await addArticles(database.db, added.get('timeless')!, [
    article('timeless.example', 'The Log', 0, { publishingDate: null }),
  ]);
  const reader = await createReader(server);
  await reader.client.postJson('/api/follow_source', { sourceId: added.get('timeless') });

  const seen = await everyPage(reader.client);
  const undated = seen.findIndex((item) => item.title === 'The Log');
  expect(seen[undated]?.publishing_date).toBeNull();
  const lastDated = seen.findLastIndex((item) => item.publishing_date !== null);
  expect(undated).toBeGreaterThan(lastDated);
});

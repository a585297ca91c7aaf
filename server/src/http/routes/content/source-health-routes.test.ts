import { readFileSync } from 'node:fs';
import {
  sourceHealthSchema,
  sourceInfoResponseSchema,
  sourcesHealthResponseSchema,
  sourcesResponseSchema,
  sourcesShowcaseResponseSchema,
  topicSourcesResponseSchema,
  type SourceHealth,
} from '@blogstream/shared/contract';
import { upsertSources } from '../../../db/sources.js';
import { crawlNow } from '../../../testing/crawl-now.js';
import { addArticles, article, sourceEntry } from '../../../testing/content-fixtures.js';
import { startFeedServer, staticContent, type FeedServer } from '../../../testing/feed-server.js';
import { status } from '../../../testing/hostile-handlers.js';
import { sharedDataFile } from '../../../testing/shared-data.js';
import { routeTestSite } from '../../../testing/route-test-site.js';

/** A real crawled feed from the shared corpus (Cursor's blog, 17 items, RSS). */
const CORPUS_FEED = readFileSync(sharedDataFile('feeds', 'cursor-blog.xml'), 'utf8');
const DAY_MS = 86_400_000;

/** What the corpus file says, read with a regular expression rather than the crawler's parser. */
const corpusDates = [...CORPUS_FEED.matchAll(/<pubDate>([^<]+)<\/pubDate>/g)].map(
  (match) => new Date(match[1]!),
);

let feeds: FeedServer;

/** Every test source writes about one topic, so a topic's list and related sources hold them all. */
const TOPIC = 'Databases';

function entry(urlName: string, name: string, feedPath: string) {
  return { ...sourceEntry(urlName, name, [TOPIC]), feed_url: feeds.url(feedPath) };
}

async function sourceId(urlName: string): Promise<number> {
  const { rows } = await site.db.query<{ source_id: number }>(
    'SELECT source_id FROM sources WHERE url_name = $1',
    [urlName],
  );
  return Number(rows[0]!.source_id);
}

/** Moves a source's whole history back: every fetch since it was added failed, `days` long. */
async function failingFor(urlName: string, days: number) {
  await site.db.query(
    `UPDATE sources SET created_at = now() - make_interval(days => $2),
                        last_success_at = CASE WHEN last_success_at IS NULL THEN NULL
                                               ELSE now() - make_interval(days => $2) END
      WHERE url_name = $1`,
    [urlName, days],
  );
}

async function health(urlName: string): Promise<SourceHealth> {
  const response = await site.visitor.get(`/api/source_health/${urlName}`);
  expect(response.status).toBe(200);
  return sourceHealthSchema.parse(await response.json());
}

const recommended = async () =>
  sourcesResponseSchema
    .parse(await site.visitor.postJson('/api/get_recommended_sources', {}))
    .map((source) => source.url_name);
const showcase = async () =>
  sourcesShowcaseResponseSchema
    .parse(await site.visitor.postJson('/api/home_page_sources_showcase', {}))
    .flat()
    .map((source) => source.url_name);
const relatedToCursor = async () =>
  sourceInfoResponseSchema
    .parse(await site.visitor.postJson('/api/source_info', { sourceUrlName: 'cursor' }))
    .related_sources.map((source) => source.url_name);
const ofTheTopic = async () =>
  topicSourcesResponseSchema
    .parse(await site.visitor.postJson('/api/get_sources_for_topic', { topic_name: TOPIC }))
    .map((source) => source.url_name);

beforeAll(async () => {
  feeds = await startFeedServer({
    '/cursor.xml': staticContent(CORPUS_FEED, 'application/rss+xml'),
    '/broken.xml': status(500),
    '/gone.xml': status(404),
    '/quiet.xml': status(404),
  });
});

const site = routeTestSite('embedded', {
  seed: async (db) => {
    await upsertSources(
      db,
      [
        entry('cursor', 'Cursor', '/cursor.xml'),
        entry('broken', 'Broken', '/broken.xml'),
        entry('gone', 'Gone', '/gone.xml'),
        entry('quiet', 'Quiet', '/quiet.xml'),
      ],
      'catalogue',
    );
    // Articles the crawler stored earlier, at known ages: 3 of them in the last 90 days.
    for (const name of ['broken', 'gone']) {
      await addArticles(
        db,
        await sourceId(name),
        [1, 10 * 24, 80 * 24, 100 * 24, 200 * 24].map((hours, n) =>
          article(`${name}.example`, `${name} ${n}`, hours),
        ),
      );
    }
    await crawlNow(db);
    // 'quiet' is added after the crawl: never fetched yet.
    await upsertSources(db, [entry('fresh', 'Fresh', '/fresh.xml')], 'catalogue');
    await failingFor('gone', 31);
    await failingFor('broken', 29);
  },
});

afterAll(async () => {
  await feeds?.close();
});

test('a crawled real feed is ok: last success, feed URL, latest article and its 90-day count', async () => {
  const cursor = await health('cursor');
  const newest = new Date(Math.max(...corpusDates.map((date) => date.getTime())));
  const inWindow = corpusDates.filter((date) => Date.now() - date.getTime() <= 90 * DAY_MS);
  expect(cursor).toMatchObject({
    url_name: 'cursor',
    long_name: 'Cursor Blog',
    status: 'ok',
    feed_url: feeds.url('/cursor.xml'),
    last_error: null,
    consecutive_failures: 0,
    latest_article_at: newest.toISOString(),
    articles_last_90_days: inWindow.length,
  });
  expect(Date.now() - Date.parse(cursor.last_success_at!)).toBeLessThan(60_000);
  expect(cursor.last_fetched_at).toBe(cursor.last_success_at);
});

test('a failing source shows its last error, its activity and posting frequency', async () => {
  const broken = await health('broken');
  expect(broken).toMatchObject({
    status: 'failing',
    last_success_at: null,
    last_error: { code: 'HTTP_500', http_status: 500 },
    consecutive_failures: 1,
    articles_last_90_days: 3,
    // 3 articles in 90 days: 0.23 a week.
    posts_per_week: 0.2,
  });
  expect(broken.last_error!.message).toMatch(/500/);
  expect(broken.last_fetched_at).not.toBeNull();
});

test('a source that failed every fetch for 30 days is dead; one never fetched is pending', async () => {
  expect(await health('gone')).toMatchObject({
    status: 'dead',
    last_error: { code: 'HTTP_404', http_status: 404 },
  });
  expect(await health('fresh')).toMatchObject({
    status: 'pending',
    last_fetched_at: null,
    last_error: null,
    articles_last_90_days: 0,
    latest_article_at: null,
  });
  const response = await site.visitor.get('/api/source_health/nope');
  expect([response.status, ((await response.json()) as { reason: string }).reason]).toEqual([
    404,
    'NOT_FOUND',
  ]);
});

test('the overview lists every crawled source by name with the totals per status', async () => {
  const overview = sourcesHealthResponseSchema.parse(
    await (await site.visitor.get('/api/sources_health')).json(),
  );
  expect(overview.dead_after_days).toBe(30);
  expect(overview.totals).toEqual({ ok: 1, failing: 2, dead: 1, pending: 1 });
  expect(overview.sources.map((source) => [source.url_name, source.status])).toEqual([
    ['broken', 'failing'],
    ['cursor', 'ok'],
    ['fresh', 'pending'],
    ['gone', 'dead'],
    ['quiet', 'failing'],
  ]);
});

test('a dead source is neither recommended, showcased, related nor listed on its topic, and comes back once its feed works', async () => {
  expect(await recommended()).toEqual(expect.arrayContaining(['broken', 'cursor']));
  expect(await recommended()).not.toContain('gone');
  expect(await showcase()).toEqual(expect.arrayContaining(['broken', 'cursor']));
  expect(await showcase()).not.toContain('gone');
  expect(await relatedToCursor()).toContain('broken');
  expect(await relatedToCursor()).not.toContain('gone');
  expect(await ofTheTopic()).toEqual(expect.arrayContaining(['broken', 'cursor']));
  expect(await ofTheTopic()).not.toContain('gone');
  // Still listed and followable: dead is a flag, not a deletion.
  const all = sourcesResponseSchema.parse(await site.visitor.postJson('/api/sources', {}));
  expect(all.map((source) => source.url_name)).toContain('gone');

  feeds.route('/gone.xml', staticContent(CORPUS_FEED, 'application/rss+xml'));
  await crawlNow(site.db);
  expect((await health('gone')).status).toBe('ok');
  expect(await recommended()).toContain('gone');
  expect(await showcase()).toContain('gone');
  expect(await relatedToCursor()).toContain('gone');
  expect(await ofTheTopic()).toContain('gone');
});

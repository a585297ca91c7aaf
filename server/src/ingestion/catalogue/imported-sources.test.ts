import { readFileSync } from 'node:fs';
import {
  sourceInfoResponseSchema,
  sourcesResponseSchema,
  topicSourcesResponseSchema,
} from '@blogstream/shared/contract';
import type { Db } from '../../db/db.js';
import { upsertSources, type SourceEntry } from '../../db/sources.js';
import { consoleLog } from '../../lib/log.js';
import { crawlFetcher, crawlOnce } from '../../jobs/content-jobs.js';
import {
  openTestDatabase,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../../testing/accounts-harness.js';
import type { ApiClient } from '../../testing/api-client.js';
import { startFeedServer, staticContent, type FeedServer } from '../../testing/feed-server.js';
import { sharedDataFile } from '../../testing/shared-data.js';
import { makeTempDir, testConfig } from '../../testing/test-config.js';
import { importOpml } from './opml-import.js';

const quietLog = consoleLog('silent');

function rss(title: string, items: string[]): string {
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>${title}</title>
    <link>https://${title.length}.example/</link>${items
      .map(
        (item, index) =>
          `<item><title>${item}</title><link>https://posts.example/${encodeURIComponent(title)}/${index}</link>
           <pubDate>${new Date(Date.now() - (index + 1) * 86_400_000).toUTCString()}</pubDate></item>`,
      )
      .join('')}</channel></rss>`;
}

/** Items whose titles name Databases twice, so the topic rules file them under it alone. */
const DATABASE_ITEMS = [
  'Tuning PostgreSQL indexes',
  'Choosing SQLite over MySQL for small apps',
  'A MySQL upgrade story: transactions and isolation levels',
  'What the query planner does with indexes',
  'PostgreSQL transactions under load',
  'Redis or PostgreSQL for a cache',
  'SQLite indexes explained',
  'MySQL replicas and transactions',
  'Storage engines behind PostgreSQL',
];

/** Two posts about leadership among the database ones: too few for the source's own topics. */
const LEADERSHIP_ITEMS = [
  'Hiring engineering managers for the team',
  'Mentoring staff engineers: a culture of leadership',
];

let database: TestDatabase;
let db: Db;
let feeds: FeedServer;
let server: TestServer;
let visitor: ApiClient;

const realFeed = (name: string) =>
  staticContent(readFileSync(sharedDataFile('feeds', name)), 'application/rss+xml');

beforeAll(async () => {
  database = await openTestDatabase('embedded');
  db = database.db;
  feeds = await startFeedServer({
    '/feeds/anthropic-engineering-blog.xml': realFeed('anthropic-engineering-blog.xml'),
    '/feeds/caml-weekly-news.xml': realFeed('caml-weekly-news.xml'),
    '/feeds/rust.xml': realFeed('rust.xml'),
    '/catalogue/databases.xml': staticContent(
      rss('Planet Databases', ['Sharding MongoDB', 'Redis at scale', 'Cassandra compaction']),
      'application/rss+xml',
    ),
    '/imported/queries.xml': staticContent(
      rss('Query Notes', [...DATABASE_ITEMS, ...LEADERSHIP_ITEMS]),
      'application/rss+xml',
    ),
    '/imported/walks.xml': staticContent(
      rss('Walks &amp;amp; Talks', ['A walk in the park', 'Notes from a trip', 'Gardening']),
      'application/rss+xml',
    ),
  });
  const curated = (urlName: string, name: string, path: string, topics: string[]): SourceEntry => ({
    url_name: urlName,
    name,
    long_name: name,
    site_url: null,
    feed_url: feeds.url(path),
    category: 'company',
    source_type: 'blog',
    topics,
  });
  await upsertSources(
    db,
    [
      curated('planet-databases', 'Planet Databases', '/catalogue/databases.xml', ['Databases']),
      // A curated name is kept even when it looks like a slug.
      curated('rust-lang', 'rust-lang', '/feeds/rust.xml', ['Programming Languages']),
    ],
    'catalogue',
  );
  const outline = (path: string, text?: string) =>
    `<outline type="rss"${text === undefined ? '' : ` text="${text}"`} xmlUrl="${feeds.url(path)}"/>`;
  const report = await importOpml(
    db,
    `<opml version="2.0"><body>${[
      outline('/feeds/anthropic-engineering-blog.xml', 'anthropic-engineering-blog'),
      outline('/feeds/caml-weekly-news.xml', 'Caml Weekly News'),
      outline('/imported/queries.xml'),
      outline('/imported/walks.xml', 'walks'),
      outline('/feeds/rust.xml/', 'Rust again'),
    ].join('')}</body></opml>`,
  );
  expect(report).toEqual({ added: 4, alreadyKnown: 1, invalid: 0 });

  const config = testConfig({
    DATA_DIR: makeTempDir('imported'),
    FEED_ALLOW_PRIVATE: '1',
    FEED_HOST_INTERVAL_MS: '0',
  });
  const fetcher = crawlFetcher(config.crawl);
  try {
    await crawlOnce(db, fetcher, config, 'admin', quietLog);
  } finally {
    await fetcher.close();
  }
  server = await startTestServer(db);
  visitor = await server.client();
});

afterAll(async () => {
  await server?.close();
  await feeds?.close();
  await database?.close();
});

async function sourceByFeed(path: string) {
  const { rows } = await db.query<{
    url_name: string;
    name: string;
    long_name: string;
    topics: string[];
    topics_derived: boolean;
  }>('SELECT url_name, name, long_name, topics, topics_derived FROM sources WHERE feed_url = $1', [
    feeds.url(path),
  ]);
  return rows[0]!;
}

test('a crawl names imported sources known only by a slug or their host after their feed', async () => {
  expect(await sourceByFeed('/feeds/anthropic-engineering-blog.xml')).toMatchObject({
    url_name: 'anthropic-engineering-blog',
    name: 'Anthropic Engineering Blog',
    long_name: 'Anthropic Engineering Blog',
  });
  // Named after its host at import; the feed's title, cleaned, replaces it.
  expect(await sourceByFeed('/imported/queries.xml')).toMatchObject({
    name: 'Query Notes',
    long_name: 'Query Notes',
  });
  expect(await sourceByFeed('/imported/walks.xml')).toMatchObject({
    name: 'Walks & Talks',
    long_name: 'Walks & Talks',
  });
  // The feed calls itself "cwn": the human name stays.
  expect(await sourceByFeed('/feeds/caml-weekly-news.xml')).toMatchObject({
    name: 'Caml Weekly News',
    long_name: 'Caml Weekly News',
  });
  // The feed calls itself "Rust Blog", but catalogue names are curated.
  expect(await sourceByFeed('/feeds/rust.xml')).toMatchObject({ name: 'rust-lang' });

  const info = sourceInfoResponseSchema.parse(
    await visitor.postJson('/api/source_info', { sourceUrlName: 'anthropic-engineering-blog' }),
  );
  expect(info.long_name).toBe('Anthropic Engineering Blog');
});

test('an imported source without a category takes the topic of its articles and is listed under it', async () => {
  const queries = await sourceByFeed('/imported/queries.xml');
  expect(queries).toMatchObject({ topics: ['Databases'], topics_derived: true });
  // Curated topics are never replaced by derived ones.
  expect(await sourceByFeed('/catalogue/databases.xml')).toMatchObject({
    topics: ['Databases'],
    topics_derived: false,
  });

  const topicSources = topicSourcesResponseSchema.parse(
    await visitor.postJson('/api/get_sources_for_topic', { topic_name: 'Databases' }),
  );
  expect(topicSources.map((source) => source.url_name)).toEqual(
    expect.arrayContaining([queries.url_name, 'planet-databases']),
  );

  const planet = sourceInfoResponseSchema.parse(
    await visitor.postJson('/api/source_info', { sourceUrlName: 'planet-databases' }),
  );
  expect(planet.related_sources[0]?.url_name).toBe(queries.url_name);
});

test('a source with no topics still has related sources, and visitors get recommendations', async () => {
  const walks = await sourceByFeed('/imported/walks.xml');
  expect(walks.topics).toEqual([]);
  const info = sourceInfoResponseSchema.parse(
    await visitor.postJson('/api/source_info', { sourceUrlName: walks.url_name }),
  );
  expect(info.related_sources.length).toBeGreaterThan(0);
  expect(info.related_sources.map((source) => source.url_name)).not.toContain(walks.url_name);

  const recommended = sourcesResponseSchema.parse(
    await visitor.postJson('/api/get_recommended_sources', {}),
  );
  expect(recommended.length).toBe(6);
});

test('a topic no source has lists the sources that write about it', async () => {
  // Two posts of the database notes speak of leadership; no source has the topic.
  const queries = await sourceByFeed('/imported/queries.xml');
  expect(queries.topics).not.toContain('Leadership & Culture');
  const leadership = topicSourcesResponseSchema.parse(
    await visitor.postJson('/api/get_sources_for_topic', { topic_name: 'Leadership & Culture' }),
  );
  expect(leadership.map((source) => source.url_name)).toEqual([queries.url_name]);
  // One article in a topic is not enough to be listed under it.
  const backend = topicSourcesResponseSchema.parse(
    await visitor.postJson('/api/get_sources_for_topic', { topic_name: 'Backend' }),
  );
  expect(backend).toEqual([]);
});

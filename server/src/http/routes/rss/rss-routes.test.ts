import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  rssAvailableFeedsResponseSchema,
  savedSearchSchema,
  type RssFeedEntry,
  type SavedSearch,
} from '@blogstream/shared/contract';
import { readError, TEST_PUBLIC_URL, type TestReader } from '../../../testing/accounts-harness.js';
import {
  addArticles,
  addSources,
  article,
  sourceEntry,
} from '../../../testing/content-fixtures.js';
import { RSS_ITEMS } from './rss-routes.js';
import { routeTestSite } from '../../../testing/route-test-site.js';

let premium: TestReader;
let free: TestReader;

interface RssItem {
  title: string;
  link: string;
  description: string;
  guid: string;
  pubDate: string;
}

async function availableFeeds(reader: TestReader): Promise<RssFeedEntry[]> {
  const response = await reader.client.get('/api/rss/available-feeds');
  expect(response.status).toBe(200);
  return rssAvailableFeedsResponseSchema.parse(await response.json());
}

async function saveSearch(reader: TestReader, body: object): Promise<SavedSearch> {
  return savedSearchSchema.parse(await reader.client.postJson('/api/create_saved_search', body));
}

/** The titles of a well-formed RSS 2.0 document's items. */
function itemTitles(xml: string): string[] {
  expect(XMLValidator.validate(xml)).toBe(true);
  const { rss } = new XMLParser({ isArray: (name) => name === 'item' }).parse(xml) as {
    rss: { channel: { item?: RssItem[] } };
  };
  return (rss.channel.item ?? []).map((item) => String(item.title));
}

/** The path and query of a feed URL, fetched from the site's server. */
async function fetchFeed(url: string): Promise<Response> {
  const { pathname, search } = new URL(url);
  return site.server.fetch(`${pathname}${search}`);
}

const site = routeTestSite('embedded', {
  seed: async (db) => {
    const ids = await addSources(db, [
      sourceEntry('lab', 'Lab & Co', ['AI & Machine Learning']),
      sourceEntry('ops', 'Ops', ['DevOps']),
    ]);
    await addArticles(db, ids.get('lab')!, [
      article('lab.example', 'Tom & Jerry <3 "models"', 1, {
        topics: ['AI & Machine Learning'],
        description: 'Escapes: < > & \' " and a\u0001control character.',
      }),
      ...Array.from({ length: RSS_ITEMS + 5 }, (_, index) =>
        article('lab.example', `Model ${index}`, index + 2, { topics: ['AI & Machine Learning'] }),
      ),
      article('lab.example', 'Deploying a model', 2, { topics: ['AI & Machine Learning'] }),
    ]);
    await addArticles(db, ids.get('ops')!, [
      article('ops.example', 'Deploy on Friday', 3, { topics: ['DevOps'] }),
      article('ops.example', 'Model of a deploy pipeline', 4, { topics: ['DevOps'] }),
    ]);
  },
});

beforeAll(async () => {
  premium = await site.signIn('Premium Reader');
  free = await site.signIn('Free Reader');
  await site.db.query(`UPDATE users SET account_type = 1, topics = '{DevOps}' WHERE user_id = $1`, [
    premium.userId,
  ]);
});

test('a premium reader gets a feed URL per topic of theirs, each with one secret token', async () => {
  const feeds = await availableFeeds(premium);
  expect(feeds).toEqual([
    {
      name: 'All my topics',
      url: expect.stringMatching(
        /^http:\/\/blogstream\.test\/rss\/discover_feed\?token=[\w-]{43}$/,
      ),
    },
    {
      topic: 'DevOps',
      url: expect.stringMatching(/\/rss\/discover_feed\/DevOps\?token=[\w-]{43}$/),
    },
  ]);
  expect(new Set(feeds.map((feed) => new URL(feed.url).searchParams.get('token'))).size).toBe(1);
  expect(await availableFeeds(premium)).toEqual(feeds);
});

test('visitors get 401 and free accounts 403 for the list', async () => {
  const visitor = await site.server.client();
  expect((await visitor.get('/api/rss/available-feeds')).status).toBe(401);
  const answer = await free.client.get('/api/rss/available-feeds');
  expect([answer.status, ((await answer.json()) as { reason: string }).reason]).toEqual([
    403,
    'PREMIUM_REQUIRED',
  ]);
});

test('the feeds are well-formed RSS 2.0 with absolute links and RFC 822 dates', async () => {
  const [all] = await availableFeeds(premium);
  await site.db.query(`UPDATE users SET topics = NULL WHERE user_id = $1`, [premium.userId]);
  const response = await fetchFeed(all!.url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
  const xml = await response.text();
  expect(XMLValidator.validate(xml)).toBe(true);

  const { rss } = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(
    xml,
  ) as {
    rss: {
      '@version': string;
      channel: { title: string; link: string; description: string; item: RssItem[] };
    };
  };
  expect(rss['@version']).toBe('2.0');
  const { channel } = rss;
  expect(channel).toMatchObject({
    title: expect.any(String),
    link: `${TEST_PUBLIC_URL}/`,
    description: expect.any(String),
  });
  expect(channel.item).toHaveLength(RSS_ITEMS);
  for (const item of channel.item) {
    expect(item.link).toMatch(/^https:\/\//);
    expect(item.pubDate).toMatch(
      /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/,
    );
    expect(new Date(item.pubDate).toUTCString()).toBe(item.pubDate);
  }
  expect(xml).toContain('<title>Tom &amp; Jerry &lt;3 &quot;models&quot;</title>');
  expect(xml).not.toContain('\u0001');
});

test('a topic feed holds that topic; unknown, missing and free tokens get 403', async () => {
  const [all] = await availableFeeds(premium);
  const token = new URL(all!.url).searchParams.get('token')!;
  const topic = await site.server.fetch(`/rss/discover_feed/DevOps?token=${token}`);
  const xml = await topic.text();
  expect(xml).toContain('<title>Deploy on Friday</title>');
  expect(xml).not.toContain('Model 1<');
  expect((await site.server.fetch(`/rss/discover_feed/Knitting?token=${token}`)).status).toBe(404);

  expect((await site.server.fetch('/rss/discover_feed')).status).toBe(403);
  expect((await site.server.fetch(`/rss/discover_feed?token=${'x'.repeat(43)}`)).status).toBe(403);
  expect((await site.server.fetch('/rss/discover_feed?token=short')).status).toBe(403);

  await site.db.query(`UPDATE users SET account_type = 0 WHERE user_id = $1`, [premium.userId]);
  expect((await fetchFeed(all!.url)).status).toBe(403);
  await site.db.query(`UPDATE users SET account_type = 1 WHERE user_id = $1`, [premium.userId]);
});

describe('a saved search feed (docs/decisions/0040-saved-searches.md)', () => {
  let deploys: SavedSearch;
  let feed: RssFeedEntry;

  beforeAll(async () => {
    deploys = await saveSearch(premium, {
      name: 'Deploys at Ops',
      query: 'deploy',
      filter: { source: 'ops' },
    });
    const feeds = await availableFeeds(premium);
    feed = feeds.find((entry) => entry.name === 'Saved search: Deploys at Ops')!;
  });

  test("is listed with the premium reader's other feeds, on the same token", async () => {
    const [all] = await availableFeeds(premium);
    expect(feed.url).toBe(
      `${TEST_PUBLIC_URL}/rss/saved_search/${deploys.saved_search_id}?token=${new URL(all!.url).searchParams.get('token')}`,
    );
  });

  test("holds the search's matches that its filter keeps, newest first", async () => {
    await saveSearch(premium, { name: 'Models', query: 'model' });
    const response = await fetchFeed(feed.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const xml = await response.text();
    expect(itemTitles(xml)).toEqual(['Deploy on Friday', 'Model of a deploy pipeline']);
    expect(xml).toContain('<title>Blogstream: Deploys at Ops</title>');
    expect(xml).toContain(`<link>${TEST_PUBLIC_URL}/search?`);

    const models = (await availableFeeds(premium)).find(
      (entry) => entry.name === 'Saved search: Models',
    )!;
    const modelTitles = itemTitles(await (await fetchFeed(models.url)).text());
    expect(modelTitles).toEqual(
      expect.arrayContaining(['Deploying a model', 'Model of a deploy pipeline']),
    );
    expect(modelTitles).not.toContain('Deploy on Friday');
  });

  test('is refused with FORBIDDEN to a wrong or missing token and to a reader no longer premium', async () => {
    const path = `/rss/saved_search/${deploys.saved_search_id}`;
    for (const url of [path, `${path}?token=${'x'.repeat(43)}`, `${path}?token=short`]) {
      const response = await site.server.fetch(url);
      expect([response.status, (await readError(response)).reason]).toEqual([403, 'FORBIDDEN']);
    }

    await site.db.query(`UPDATE users SET account_type = 0 WHERE user_id = $1`, [premium.userId]);
    try {
      const response = await fetchFeed(feed.url);
      expect([response.status, (await readError(response)).reason]).toEqual([403, 'FORBIDDEN']);
    } finally {
      await site.db.query(`UPDATE users SET account_type = 1 WHERE user_id = $1`, [premium.userId]);
    }
  });

  test("another premium reader's token does not open it, as if it did not exist", async () => {
    const other = await site.signIn('Other Premium Reader');
    await site.db.query(`UPDATE users SET account_type = 1 WHERE user_id = $1`, [other.userId]);
    const [otherAll] = await availableFeeds(other);
    const otherToken = new URL(otherAll!.url).searchParams.get('token');
    const theirs = await site.server.fetch(
      `/rss/saved_search/${deploys.saved_search_id}?token=${otherToken}`,
    );
    expect([theirs.status, (await readError(theirs)).reason]).toEqual([404, 'NOT_FOUND']);
    const missing = await site.server.fetch(`/rss/saved_search/999999?token=${otherToken}`);
    expect([missing.status, (await readError(missing)).reason]).toEqual([404, 'NOT_FOUND']);
  });
});

import { readFileSync } from 'node:fs';
import type { Article } from '@blogstream/shared/contract';
import { upsertSources } from '../../../db/sources.js';
import { clusterStories } from '../../../intelligence/stories/cluster-stories.js';
import { consoleLog } from '../../../lib/log.js';
import { crawlNow } from '../../../testing/crawl-now.js';
import { sourceEntry } from '../../../testing/content-fixtures.js';
import { startFeedServer, staticContent, type FeedServer } from '../../../testing/feed-server.js';
import { sharedDataFile } from '../../../testing/shared-data.js';
import { feedPage, routeTestSite } from '../../../testing/route-test-site.js';

/** Four real blogs of one house (shared corpus feeds) that often publish one post twice. */
const BLOGS = {
  'anthropic-news': 'Anthropic News',
  'claude-blog': 'Claude Blog',
  'anthropic-engineering-blog': 'Anthropic Engineering',
  'anthropic-frontier-red-team-blog': 'Frontier Red Team',
} as const;
type Blog = keyof typeof BLOGS;

/** The stories these feeds share, as a reader reading them side by side finds them. */
const SHARED_STORIES: [string, Blog[]][] = [
  ['Introducing Agent Skills', ['anthropic-news', 'claude-blog']],
  ['Claude Code and new admin controls for business plans', ['anthropic-news', 'claude-blog']],
  ['Fine-tune Claude 3 Haiku in Amazon Bedrock', ['anthropic-news', 'claude-blog']],
  ['Introducing Contextual Retrieval', ['anthropic-news', 'anthropic-engineering-blog']],
  [
    'Beyond permission prompts: making Claude Code more secure and autonomous',
    ['anthropic-engineering-blog', 'claude-blog'],
  ],
  [
    'Partnering with Mozilla to improve Firefox’s security',
    ['anthropic-news', 'anthropic-frontier-red-team-blog'],
  ],
];

let feeds: FeedServer;
const quiet = consoleLog('silent');

const feed = (path: string, body: object) => feedPage(site.visitor, path, body);

/** Every card of the home feed, page after page. */
async function wholeHomeFeed(): Promise<Article[]> {
  const cards: Article[] = [];
  for (let offset = 0; ; offset += 50) {
    const page = await feed('/api/discover_feed', { offset, limit: 50 });
    cards.push(...page);
    if (page.length < 50) return cards;
  }
}

/** How many stories span several articles, and how many articles they hold. */
async function storyCounts(): Promise<{ stories: number; articles: number }> {
  const { rows } = await site.db.query<{ stories: string | number; articles: string | number }>(
    `SELECT count(DISTINCT story_id) AS stories, count(*) AS articles
       FROM articles WHERE story_id IS NOT NULL`,
  );
  return { stories: Number(rows[0]!.stories), articles: Number(rows[0]!.articles) };
}

async function storiesByTitle(): Promise<Map<string, string[]>> {
  const { rows } = await site.db.query<{ title: string; blogs: string[] }>(
    `SELECT min(a.title) AS title, array_agg(s.url_name ORDER BY s.url_name) AS blogs
       FROM articles a JOIN sources s USING (source_id)
      WHERE a.story_id IS NOT NULL GROUP BY a.story_id`,
  );
  return new Map(rows.map((row) => [row.title, row.blogs]));
}

beforeAll(async () => {
  feeds = await startFeedServer(
    Object.fromEntries(
      Object.keys(BLOGS).map((blog) => [
        `/${blog}.xml`,
        staticContent(readFileSync(sharedDataFile('feeds', `${blog}.xml`)), 'application/xml'),
      ]),
    ),
  );
});

const site = routeTestSite('embedded', {
  seed: async (db) => {
    await upsertSources(
      db,
      Object.entries(BLOGS).map(([urlName, name]) => ({
        ...sourceEntry(urlName, name, ['Artificial Intelligence']),
        feed_url: feeds.url(`/${urlName}.xml`),
      })),
      'catalogue',
    );
    await crawlNow(db);
    await clusterStories(db, quiet);
  },
});

afterAll(async () => {
  await feeds?.close();
});

test('the crawled blogs’ shared posts are found as stories, and nothing else is', async () => {
  const found = await storiesByTitle();
  const expected = new Map(
    SHARED_STORIES.map(([title, blogs]) => [title, [...blogs].sort()] as const),
  );
  // Titles differ in case between copies; min() picks one, so compare case-blind.
  const lower = (map: Map<string, string[]>) =>
    [...map].map(([title, blogs]) => [title.toLowerCase(), blogs]).sort();
  expect(lower(found)).toEqual(lower(expected));
});

test('the home feed shows each story once, with "also on" the other blog', async () => {
  const cards = await wholeHomeFeed();
  for (const [title, blogs] of SHARED_STORIES) {
    const shown = cards.filter((card) => card.title.toLowerCase() === title.toLowerCase());
    expect([title, shown.length]).toEqual([title, 1]);
    const [card] = shown;
    expect(
      [card!.source_url_name, ...card!.also_on.map((copy) => copy.source_url_name)].sort(),
    ).toEqual([...blogs].sort());
    expect(card!.also_on[0]!.link).toMatch(/^https:\/\//);
  }
  const copies = new Set(cards.flatMap((card) => card.also_on.map((copy) => copy.post_id)));
  expect(copies.size).toBe(SHARED_STORIES.length);
  expect(cards.filter((card) => copies.has(card.post_id))).toEqual([]);
});

test('a blog’s own page still lists its copy, saying where else it ran', async () => {
  const { rows } = await site.db.query<{ source_id: number }>(
    "SELECT source_id FROM sources WHERE url_name = 'claude-blog'",
  );
  const cards: Article[] = [];
  for (let offset = 0; ; offset += 50) {
    const page = await feed(`/api/source_feed/${rows[0]!.source_id}`, { offset, limit: 50 });
    cards.push(...page);
    if (page.length < 50) break;
  }
  const skills = cards.find((card) => card.title === 'Introducing Agent Skills');
  expect(skills?.also_on.map((copy) => copy.source_name)).toEqual(['Anthropic News']);
});

test('searches show a story once', async () => {
  const newest = await feed('/api/search_for_discover_feed', {
    queryData: '"Agent Skills"',
    offset: 0,
    limit: 50,
  });
  expect(newest.filter((card) => card.title === 'Introducing Agent Skills')).toHaveLength(1);
  const ranked = await feed('/api/search', {
    queryData: 'introducing agent skills',
    offset: 0,
    limit: 50,
  });
  const skills = ranked.filter((card) => /^introducing agent skills$/i.test(card.title));
  expect(skills).toHaveLength(1);
  expect(skills[0]!.also_on).toHaveLength(1);
});

test('a reader who mutes the blog of a story’s card still gets the story, from its other blog', async () => {
  const story = 'Introducing Agent Skills';
  const titled = (cards: Article[]) => cards.filter((card) => card.title === story);
  const [lead] = titled(await wholeHomeFeed());
  const reader = await site.signIn();
  await reader.client.postJson('/api/add_mute', { kind: 'source', value: lead!.source_url_name });
  const readerFeed = async (path: string, body: object) =>
    titled(await feedPage(reader.client, path, { offset: 0, ...body }));

  const everyCard: Article[] = [];
  for (let offset = 0; ; offset += 50) {
    const page = await feedPage(reader.client, '/api/discover_feed', { offset, limit: 50 });
    everyCard.push(...page);
    if (page.length < 50) break;
  }
  const home = titled(everyCard);
  const newest = await readerFeed('/api/search_for_discover_feed', {
    queryData: '"Agent Skills"',
    limit: 50,
  });
  const ranked = await readerFeed('/api/search', {
    queryData: 'introducing agent skills',
    limit: 50,
  });
  for (const cards of [home, newest, ranked]) {
    expect(cards.map((card) => card.source_url_name)).toEqual([lead!.also_on[0]!.source_url_name]);
  }
  // A site.visitor still gets the lead.
  expect(titled(await wholeHomeFeed()).map((card) => card.post_id)).toEqual([lead!.post_id]);
});

test('clustering is incremental: a later cross-post joins its story, nothing else is read again', async () => {
  expect(await clusterStories(site.db, quiet)).toBe(0);
  const before = await storyCounts();
  const published = await site.db.query<{ publishing_date: Date }>(
    "SELECT publishing_date FROM articles WHERE title = 'Introducing Agent Skills' LIMIT 1",
  );
  const when = new Date(published.rows[0]!.publishing_date.getTime() + 2 * 86_400_000);
  const crossPost = `<?xml version="1.0"?><rss version="2.0"><channel><title>A reader's notes</title>
    <item><title>Introducing Agent Skills</title><link>https://notes.example/agent-skills</link>
    <pubDate>${when.toUTCString()}</pubDate><description>A copy for my readers.</description></item>
    </channel></rss>`;
  await feeds.close();
  feeds = await startFeedServer({ '/notes.xml': staticContent(crossPost, 'application/rss+xml') });
  await upsertSources(
    site.db,
    [
      {
        ...sourceEntry('notes', 'Notes', ['Artificial Intelligence']),
        feed_url: feeds.url('/notes.xml'),
      },
    ],
    'catalogue',
  );
  await crawlNow(site.db);
  expect(await clusterStories(site.db, quiet)).toBe(1);
  expect(await storyCounts()).toEqual({
    stories: before.stories,
    articles: before.articles + 1,
  });
  const shown = (await wholeHomeFeed()).filter(
    (article) => article.title === 'Introducing Agent Skills',
  );
  expect(shown).toHaveLength(1);
  const blogs = [
    shown[0]!.source_url_name,
    ...shown[0]!.also_on.map((copy) => copy.source_url_name),
  ];
  expect(blogs.sort()).toEqual(['anthropic-news', 'claude-blog', 'notes']);
});

import type { Article } from '@blogstream/shared/contract';
import { classifyStoredTopics } from '../../../intelligence/topics/classify-stored-topics.js';
import { consoleLog } from '../../../lib/log.js';
import type { ApiClient } from '../../../testing/api-client.js';
import {
  addArticles,
  addSources,
  article,
  sourceEntry,
} from '../../../testing/content-fixtures.js';
import { feedPage, routeTestSite } from '../../../testing/route-test-site.js';

const HOURS_A_DAY = 24;

/** Posts of two blogs that both write about databases, given their topics by the topic pass. */
const POSTS = {
  planner: {
    title: 'Inside the PostgreSQL query planner: indexes and statistics',
    content:
      'The query planner picks an index scan or a sequential scan from table statistics. We ' +
      'walk through how PostgreSQL estimates rows, and why a stale analyze misleads it.',
    hoursAgo: 12 * HOURS_A_DAY,
    source: 'tables',
  },
  vacuum: {
    title: 'How autovacuum keeps PostgreSQL tables healthy',
    content: 'Dead rows pile up after every update; vacuum reclaims them for the database.',
    hoursAgo: 30 * HOURS_A_DAY,
    source: 'tables',
  },
  // Fresh, and about the topic only by its title and its blog: on the page, after the sure ones.
  notes: {
    title: 'Notes on SQL',
    content: 'A few things I wrote down this week.',
    hoursAgo: 1,
    source: 'tables',
  },
  // The freshest, naming the topic in passing: a full-text match of "databases", not about them.
  offsite: {
    title: 'Our team offsite in the mountains',
    content:
      'We hiked for two days, cooked together and talked about everything but databases. ' +
      'Next year we want to try sailing.',
    hoursAgo: 0,
    source: 'tables',
  },
  sharding: {
    title: 'Sharding MySQL without downtime',
    content: 'Our MySQL database outgrew one primary, so we split it by customer.',
    hoursAgo: 2 * HOURS_A_DAY,
    source: 'shards',
  },
} as const;

const feed = (client: ApiClient, body: object) =>
  feedPage(client, '/api/search_for_discover_feed', body);

const topicPage = (client: ApiClient, page: object = { offset: 0, limit: 12 }) =>
  feed(client, { queryData: 'Databases', ...page });

const titles = (articles: Article[]) => articles.map((item) => item.title);

const site = routeTestSite('embedded', {
  seed: async (db) => {
    const sources = await addSources(db, [
      sourceEntry('tables', 'Tables', ['Databases']),
      sourceEntry('shards', 'Shards', ['Distributed Systems']),
    ]);
    for (const post of Object.values(POSTS)) {
      await addArticles(db, sources.get(post.source)!, [
        article(`${post.source}.example`, post.title, post.hoursAgo, {
          content: post.content,
          description: post.content,
        }),
      ]);
    }
    await classifyStoredTopics(db, consoleLog('silent'));
  },
});

test('the topic page lists the articles about the topic, the surest and freshest first', async () => {
  expect(titles(await topicPage(site.visitor))).toEqual([
    POSTS.planner.title,
    POSTS.sharding.title,
    POSTS.vacuum.title,
    POSTS.notes.title,
  ]);
});

test('an article naming the topic in passing is not on its page, though the words still find it', async () => {
  expect(titles(await topicPage(site.visitor))).not.toContain(POSTS.offsite.title);
  expect(
    titles(await feed(site.visitor, { queryData: 'databases offsite', offset: 0, limit: 12 })),
  ).toEqual([POSTS.offsite.title]);
});

test("the topic page's pages follow its order, every article once", async () => {
  const pages = [];
  for (let offset = 0; offset < 6; offset += 2) {
    pages.push(...(await topicPage(site.visitor, { offset, limit: 2 })));
  }
  expect(titles(pages)).toEqual(titles(await topicPage(site.visitor)));
});

test("a reader's mutes and Hide read keep their articles off the topic page", async () => {
  const reader = await site.signIn();
  await reader.client.postJson('/api/add_mute', { kind: 'source', value: 'shards' });
  const [first] = await topicPage(reader.client);
  await reader.client.postJson('/api/mark_read', { postId: first!.post_id });
  await reader.client.postJson('/api/save_hide_read', { hide_read: true });

  expect(titles(await topicPage(reader.client))).toEqual([POSTS.vacuum.title, POSTS.notes.title]);
});

import { feedResponseSchema, type Article } from '@blogstream/shared/contract';
import { describeEachDriver } from '../../../testing/accounts-harness.js';
import {
  addArticles,
  addSources,
  article,
  sourceEntry,
} from '../../../testing/content-fixtures.js';
import { routeTestSite } from '../../../testing/route-test-site.js';

const DAY_HOURS = 24;

/** The UTC day `days` days ago, as the filter takes it (YYYY-MM-DD). */
const daysAgo = (days: number) =>
  new Date(Date.now() - days * DAY_HOURS * 3600 * 1000).toISOString().slice(0, 10);

// Every one about PostgreSQL, in the Databases topic, each published at another time.
const POSTS = {
  thisWeek: { title: 'PostgreSQL vacuum, tuned this week', daysAgo: 2 },
  lastMonth: { title: 'PostgreSQL partitions, a month on', daysAgo: 25 },
  lastYear: { title: 'PostgreSQL upgrade, last spring', daysAgo: 200 },
};
const UNDATED = 'PostgreSQL notes without a date';
/** Another blog's article on the subject, published this week too. */
const OTHER_BLOG = 'PostgreSQL indexes at another blog';

interface FeedCall {
  path: string;
  queryData?: string;
}

/** The feeds of the three pages a filter narrows: home (all, one topic), topic page and search. */
const FEEDS: [string, FeedCall][] = [
  ['home', { path: '/api/discover_feed' }],
  ['a topic on home', { path: '/api/discover_feed/Databases' }],
  ['the topic page', { path: '/api/search_for_discover_feed', queryData: 'Databases' }],
  ['search', { path: '/api/search', queryData: 'postgresql' }],
];

describeEachDriver('feed filters', (driver) => {
  async function titles({ path, ...body }: FeedCall, filter: object): Promise<string[]> {
    const answer = await site.visitor.postJson(path, { ...body, offset: 0, limit: 20, ...filter });
    return feedResponseSchema
      .parse(answer)
      .map((item: Article) => item.title)
      .sort();
  }

  const site = routeTestSite(driver, {
    seed: async (db) => {
      const sources = await addSources(db, [sourceEntry('pg-notes', 'PG notes', ['Databases'])]);
      await addArticles(db, sources.get('pg-notes')!, [
        ...Object.values(POSTS).map((post) =>
          article('pg-notes.example', post.title, post.daysAgo * DAY_HOURS, {
            topics: ['Databases'],
            topicScores: [0.9],
          }),
        ),
        article('pg-notes.example', UNDATED, 0, {
          topics: ['Databases'],
          topicScores: [0.9],
          publishingDate: null,
        }),
      ]);
      const other = await addSources(db, [sourceEntry('db-weekly', 'DB weekly', ['Databases'])]);
      await addArticles(db, other.get('db-weekly')!, [
        article('db-weekly.example', OTHER_BLOG, 3 * DAY_HOURS, {
          topics: ['Databases'],
          topicScores: [0.9],
        }),
      ]);
    },
  });

  test.each(FEEDS)('%s keeps the articles published in the date range', async (_name, call) => {
    expect(await titles(call, { source: 'pg-notes' })).toEqual(
      [...Object.values(POSTS).map((post) => post.title), UNDATED].sort(),
    );
    expect(await titles(call, { from: daysAgo(7) })).toEqual([OTHER_BLOG, POSTS.thisWeek.title]);
    expect(await titles(call, { source: 'pg-notes', from: daysAgo(7) })).toEqual([
      POSTS.thisWeek.title,
    ]);
    expect(await titles(call, { from: daysAgo(30), to: daysAgo(7) })).toEqual([
      POSTS.lastMonth.title,
    ]);
    expect(await titles(call, { to: daysAgo(30) })).toEqual([POSTS.lastYear.title]);
    // The range's days are whole: an article of its first or last day is in it.
    expect(await titles(call, { from: daysAgo(2), to: daysAgo(2) })).toEqual([
      POSTS.thisWeek.title,
    ]);
  });

  test.each(FEEDS)('%s keeps the articles of the one blog asked for', async (_name, call) => {
    expect(await titles(call, {})).toEqual(
      [...Object.values(POSTS).map((post) => post.title), UNDATED, OTHER_BLOG].sort(),
    );
    expect(await titles(call, { source: 'db-weekly' })).toEqual([OTHER_BLOG]);
    expect(await titles(call, { source: 'db-weekly', to: daysAgo(7) })).toEqual([]);
  });

  test.each([
    ['a range ending before it starts', { from: daysAgo(1), to: daysAgo(9) }, 'body.to'],
    ['a day that does not exist', { from: '2025-02-30' }, 'body.from'],
    ['a date in other words', { to: 'last week' }, 'body.to'],
    ['a blog that does not exist', { source: 'no-such-blog' }, undefined],
  ])('%s is refused with its reason', async (_name, filter, field) => {
    const response = await site.visitor.post('/api/search', {
      queryData: 'postgresql',
      offset: 0,
      limit: 10,
      ...filter,
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { reason: string; details?: { path: string }[] };
    expect(body.reason).toBe('VALIDATION_FAILED');
    if (field) expect(body.details?.map((detail) => detail.path)).toContain(field);
  });
});

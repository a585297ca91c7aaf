import { articleFeedbackResponseSchema, type Article } from '@blogstream/shared/contract';
import type { Db } from '../../../db/db.js';
import { readError, type TestReader } from '../../../testing/accounts-harness.js';
import type { ApiClient } from '../../../testing/api-client.js';
import {
  addArticles,
  addSources,
  article,
  sourceEntry,
} from '../../../testing/content-fixtures.js';
import { describeEachDriver } from '../../../testing/test-database.js';
import { feedPage, routeTestSite } from '../../../testing/route-test-site.js';

const PAGE = 6;
/**
 * Four blogs on databases and four on the front end, three articles each, interleaved in time:
 * more blogs than the source cap needs to fill a page from either topic.
 */
const BLOGS = [1, 2, 3, 4].flatMap(
  (number) =>
    [
      [`db-${number}`, 'Databases'],
      [`front-${number}`, 'Frontend'],
    ] as const,
);
const ARTICLES_PER_BLOG = 3;
const TOPICS = ['Databases', 'Frontend'];

const page = (client: ApiClient, offset: number, limit = PAGE) =>
  feedPage(client, '/api/discover_feed', { queryData: null, offset, limit });

/** Every page of one scroll, from its first; `afterFirst` runs once the first page is shown. */
async function scroll(client: ApiClient, afterFirst?: (first: Article[]) => Promise<void>) {
  const pages = [await page(client, 0)];
  await afterFirst?.(pages[0]!);
  while (pages.at(-1)!.length === PAGE) pages.push(await page(client, pages.length * PAGE));
  return pages;
}

const onDatabases = (articles: Article[]) =>
  articles.filter((item) => item.topics.includes('Databases')).length;

describeEachDriver('a steerable feed', (driver) => {
  async function reader(): Promise<TestReader> {
    const created = await site.signIn();
    await created.client.postJson('/api/save_user_topics', { topics: TOPICS });
    return created;
  }

  const feedback = (client: ApiClient, postId: number, given: 'more' | 'less' | null) =>
    client.postJson('/api/article_feedback', { postId, feedback: given });

  const site = routeTestSite(driver, {
    seed: async (db) => {
      const sources = await addSources(
        db,
        BLOGS.map(([name, topic]) => sourceEntry(name, `${name} (${topic})`, [])),
      );
      for (const [index, [name, topic]] of BLOGS.entries()) {
        await addArticles(
          db,
          sources.get(name)!,
          Array.from({ length: ARTICLES_PER_BLOG }, (_, number) =>
            article(`${name}.example`, `${name}, part ${number + 1}`, 2 + number * 30 + index, {
              topics: [topic],
              topicScores: [5],
            }),
          ),
        );
      }
    },
  });

  test('more or less like this is kept per reader, shown on the card, and taken back', async () => {
    const one = await reader();
    const other = await reader();
    const [first] = await page(one.client, 0, 1);
    const postId = first!.post_id;
    expect(articleFeedbackResponseSchema.parse(await feedback(one.client, postId, 'more'))).toEqual(
      { feedback: 'more' },
    );
    const cardOf = async (client: ApiClient) =>
      (await page(client, 0, 50)).find((item) => item.post_id === postId)!;
    expect((await cardOf(one.client)).feedback).toBe('more');
    expect((await cardOf(other.client)).feedback).toBeNull();

    await feedback(one.client, postId, 'less');
    expect((await cardOf(one.client)).feedback).toBe('less');
    expect(await feedback(one.client, postId, null)).toEqual({ feedback: null });
    expect((await cardOf(one.client)).feedback).toBeNull();
  });

  test('feedback needs a reader, a stored article and more, less or null', async () => {
    const { client } = await reader();
    const visitor = await site.server.client();
    const failure = async (from: ApiClient, body: unknown) => {
      const response = await from.post('/api/article_feedback', body);
      return [response.status, (await readError(response)).reason];
    };
    expect(await failure(visitor, { postId: 1, feedback: 'more' })).toEqual([401, 'UNAUTHORIZED']);
    expect(await failure(client, { postId: 999_999, feedback: 'more' })).toEqual([
      404,
      'NOT_FOUND',
    ]);
    expect(await failure(client, { postId: 1, feedback: 'love' })).toEqual([
      400,
      'VALIDATION_FAILED',
    ]);
  });

  test('less like this on a database article moves databases down from the next page, the page shown stays and nothing is lost', async () => {
    const steered = await reader();
    const unsteered = await reader();
    const plain = await scroll(unsteered.client);
    const pages = await scroll(steered.client, async (first) => {
      const disliked = first.find((item) => item.topics.includes('Databases'))!;
      await feedback(steered.client, disliked.post_id, 'less');
    });
    // The first page was shown before the feedback: it is the page anyone would have seen.
    expect(pages[0]!.map((item) => item.post_id)).toEqual(plain[0]!.map((item) => item.post_id));
    expect(onDatabases(pages[1]!)).toBeLessThan(onDatabases(plain[1]!));
    // A reorder, not a mute: every article comes once, the disliked blog's too.
    const ids = pages.flat().map((item) => item.post_id);
    expect(new Set(ids).size).toBe(BLOGS.length * ARTICLES_PER_BLOG);
    expect(ids).toHaveLength(BLOGS.length * ARTICLES_PER_BLOG);
  });

  test("after less like this on a topic, its articles of today fall behind the reader's other topic's of last month from the next page", async () => {
    // Two pages of blogs on security posting today, one page of blogs on mobile that posted a
    // month ago.
    const blogs = Array.from({ length: 2 * PAGE }, (_, index) => ({
      name: `sec-${index}`,
      topic: 'Security',
      hoursAgo: 1 + index,
    })).concat(
      Array.from({ length: PAGE }, (_, index) => ({
        name: `mob-${index}`,
        topic: 'Mobile',
        hoursAgo: 30 * 24 + index,
      })),
    );
    const sources = await addSources(
      site.db,
      blogs.map(({ name, topic }) => sourceEntry(name, `${name} (${topic})`, [])),
    );
    for (const { name, topic, hoursAgo } of blogs) {
      await addArticles(site.db, sources.get(name)!, [
        article(`${name}.example`, `${name}, news`, hoursAgo, {
          topics: [topic],
          topicScores: [5],
        }),
      ]);
    }
    const { client } = await site.signIn();
    await client.postJson('/api/save_user_topics', { topics: ['Security', 'Mobile'] });
    const onSecurity = (articles: Article[]) =>
      articles.filter((item) => item.topics.includes('Security')).length;
    const pages = await scroll(client, async (first) => {
      expect(onSecurity(first)).toBe(PAGE);
      await feedback(client, first[0]!.post_id, 'less');
    });
    // At most one security card in any twelve: the page shown holds six, so the next page none.
    expect(onSecurity(pages[1]!)).toBe(0);
    // Not a mute: the rest of security comes after.
    expect(onSecurity(pages.flat())).toBe(2 * PAGE);
  });

  test('why this names the signals that ranked a card, and changes when they do', async () => {
    const { client } = await reader();
    const whyOf = async (title: string) =>
      (await page(client, 0, 50)).find((item) => item.title === title)!.why;
    expect(await whyOf('db-1, part 1')).toEqual(['Databases, one of your topics', 'New today']);
    await client.postJson('/api/follow_source', { sourceId: await sourceIdOf(site.db, 'db-1') });
    expect(await whyOf('db-1, part 1')).toEqual([
      'You follow db-1 (Databases)',
      'Databases, one of your topics',
      'New today',
    ]);
    expect(await whyOf('db-1, part 2')).toEqual([
      'You follow db-1 (Databases)',
      'Databases, one of your topics',
    ]);
    // Less like this on one database article: Databases no longer pulls, so it is no reason.
    const disliked = (await page(client, 0, 50)).find((item) => item.title === 'db-2, part 1')!;
    await feedback(client, disliked.post_id, 'less');
    expect(await whyOf('db-1, part 2')).toEqual(['You follow db-1 (Databases)']);
    // A visitor's feed is nobody's: no reasons.
    expect((await page(await site.server.client(), 0, 1))[0]!.why).toBeUndefined();
  });
});

async function sourceIdOf(db: Db, urlName: string): Promise<number> {
  const { rows } = await db.query<{ source_id: number }>(
    'SELECT source_id FROM sources WHERE url_name = $1',
    [urlName],
  );
  return Number(rows[0]!.source_id);
}

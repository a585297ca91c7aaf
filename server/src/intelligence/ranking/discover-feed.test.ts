import type { Article } from '@blogstream/shared/contract';
import { createReader, startTestServer, type TestReader } from '../../testing/accounts-harness.js';
import type { Db } from '../../db/db.js';
import type { ApiClient } from '../../testing/api-client.js';
import { addArticles, addSources, article, sourceEntry } from '../../testing/content-fixtures.js';
import { addSubjectArticles, embedAll, postIdOf } from '../../testing/intelligence-fixtures.js';
import { feedPage, routeTestSite } from '../../testing/route-test-site.js';
import { SOURCE_CAP } from './feed-score.js';

let sources: Map<string, number>;

const feed = (client: ApiClient, offset = 0, limit = 12) =>
  feedPage(client, '/api/discover_feed', { queryData: null, offset, limit });

async function everyPage(client: ApiClient, between?: () => Promise<void>): Promise<Article[]> {
  const seen: Article[] = [];
  for (let offset = 0; ; offset += 6) {
    const page = await feed(client, offset, 6);
    seen.push(...page);
    if (page.length < 6) return seen;
    await between?.();
  }
}

const site = routeTestSite('embedded', {
  seed: async (db) => {
    sources = await addSubjectArticles(db);
    const busy = await addSources(db, [sourceEntry('busy', 'Busy Blog', [])]);
    sources.set('busy', busy.get('busy')!);
    // The newest articles all come from one source.
    await addArticles(
      db,
      busy.get('busy')!,
      Array.from({ length: 8 }, (_, index) =>
        article('busy.example', `Release notes ${index + 1}`, 0.1 + index / 100),
      ),
    );
    // Ten blogs on databases that post rarely: one article each, one to ten days old.
    const rareNames = Array.from({ length: 10 }, (_, index) => `rare-${index + 1}`);
    const rare = await addSources(
      db,
      rareNames.map((name) => sourceEntry(name, name, [])),
    );
    for (const [index, name] of rareNames.entries()) {
      await addArticles(db, rare.get(name)!, [
        article(`${name}.example`, `Our storage rewrite, part ${index + 1}`, (index + 1) * 24, {
          topics: ['Databases'],
          topicScores: [5],
        }),
      ]);
    }
  },
});

beforeAll(() => embedAll(site.db, site.config), 60_000);

test(`visitors get a fresh global feed with at most ${SOURCE_CAP.maxPerSource} of one source in ${SOURCE_CAP.window}`, async () => {
  const page = await feed(await site.server.client(), 0, SOURCE_CAP.window);
  expect(page).toHaveLength(SOURCE_CAP.window);
  expect(page[0]!.source_url_name).toBe('busy');
  expect(page.filter((item) => item.source_url_name === 'busy')).toHaveLength(
    SOURCE_CAP.maxPerSource,
  );
});

test("a reader's followed sources rank up", async () => {
  const reader = await site.signIn();
  await reader.client.postJson('/api/follow_source', { sourceId: sources.get('people') });
  const page = await feed(reader.client, 0, 4);
  expect(page.slice(0, 2).map((item) => item.source_url_name)).toEqual(['people', 'people']);
});

test(`a reader who follows a blog posting daily gets at most ${SOURCE_CAP.maxPerSource} of it in ${SOURCE_CAP.window}, the blogs posting rarely beside them, every article once`, async () => {
  const reader = await site.signIn();
  await reader.client.postJson('/api/save_user_topics', { topics: ['Databases'] });
  await reader.client.postJson('/api/follow_source', { sourceId: sources.get('busy') });
  const seen = await everyPage(reader.client);
  const first = seen.slice(0, SOURCE_CAP.window).map((item) => item.source_url_name);
  expect(first.filter((source) => source === 'busy')).toHaveLength(SOURCE_CAP.maxPerSource);
  expect(first.filter((source) => source.startsWith('rare-'))).toHaveLength(10);
  const ids = seen.map((item) => item.post_id);
  expect(new Set(ids).size).toBe(ids.length);
  // The ten on databases and the eight of the followed blog: none lost across pages.
  const sourcesSeen = seen.map((item) => item.source_url_name);
  expect(sourcesSeen.filter((source) => source.startsWith('rare-'))).toHaveLength(10);
  expect(sourcesSeen.filter((source) => source === 'busy')).toHaveLength(8);
});

test(`a reader whose follows hold one blog gets other blogs' articles between its own, never ${SOURCE_CAP.maxPerSource + 1} of it in ${SOURCE_CAP.window}`, async () => {
  const reader = await site.signIn();
  await reader.client.postJson('/api/follow_source', { sourceId: sources.get('busy') });
  const cards = await everyPage(reader.client);
  const seen = cards.map((item) => item.source_url_name);
  // Placed for the cap, each of the others says so.
  expect(cards.find((item) => item.source_url_name !== 'busy')!.why![0]).toBe(
    'Another blog, so no one fills your feed',
  );
  // Until the other blogs' articles run out, when the rest of the followed blog's come last.
  const othersLast = seen.findLastIndex((source) => source !== 'busy');
  expect(othersLast).toBeGreaterThan(SOURCE_CAP.window);
  for (let start = 0; start + SOURCE_CAP.window <= othersLast + 1; start += 1) {
    const window = seen.slice(start, start + SOURCE_CAP.window);
    expect(window.filter((source) => source === 'busy').length).toBeLessThanOrEqual(
      SOURCE_CAP.maxPerSource,
    );
  }
  // Every article of the followed blog is there: the others make room, they drop none.
  expect(seen.filter((source) => source === 'busy')).toHaveLength(8);
});

test('less like this on the only topic of a reader leaves it half its places: other blogs take the rest, saying why, and none of its articles is lost', async () => {
  const reader = await site.signIn();
  await reader.client.postJson('/api/save_user_topics', { topics: ['Databases'] });
  const shown = await feed(reader.client, 0, 6);
  expect(shown.every((item) => item.source_url_name.startsWith('rare-'))).toBe(true);
  await reader.client.postJson('/api/article_feedback', {
    postId: shown[0]!.post_id,
    feedback: 'less',
  });
  const rest: Article[] = [];
  for (let offset = 6; ; offset += 6) {
    const page = await feed(reader.client, offset, 6);
    rest.push(...page);
    if (page.length < 6) break;
  }
  const next = rest.slice(0, 6);
  expect(next.some((item) => item.source_url_name.startsWith('rare-'))).toBe(false);
  expect(next.map((item) => item.why![0])).toEqual(
    next.map(() => 'Something else, as you asked for less like this'),
  );
  const databases = [...shown, ...rest].filter((item) => item.source_url_name.startsWith('rare-'));
  expect(databases).toHaveLength(10);
});

test('articles like the ones a reader bookmarked rank up', async () => {
  const reader = await site.signIn();
  const visitorOrder = (await feed(await site.server.client(), 0, 30)).map((item) => item.title);
  await reader.client.postJson('/api/bookmark_post', {
    postId: await postIdOf(site.db, 'Canary deployments without fear'),
  });
  const readerOrder = (await feed(reader.client, 0, 30)).map((item) => item.title);
  const rank = (order: string[]) => order.indexOf('Feature flags at scale');
  expect(rank(readerOrder)).toBeLessThan(rank(visitorOrder));
});

test('more like this on an article ranks what is like it up, less like this ranks it down', async () => {
  const canary = await postIdOf(site.db, 'Canary deployments without fear');
  const rankWith = async (feedback: 'more' | 'less' | null) => {
    const reader = await site.signIn();
    if (feedback) {
      await reader.client.postJson('/api/article_feedback', { postId: canary, feedback });
    }
    const titles = (await feed(reader.client, 0, 40)).map((item) => item.title);
    return titles.indexOf('Feature flags at scale');
  };
  const unsteered = await rankWith(null);
  expect(await rankWith('more')).toBeLessThan(unsteered);
  expect(await rankWith('less')).toBeGreaterThan(unsteered);
});

test('bookmarking while scrolling does not reshuffle the pages still to come', async () => {
  const reader: TestReader = await site.signIn();
  const all = await everyPage(reader.client, async () => {
    const latest = await feed(reader.client, 0, 1);
    await reader.client.postJson('/api/bookmark_post', { postId: latest[0]!.post_id });
  });
  const ids = all.map((item) => item.post_id);
  expect(new Set(ids).size).toBe(ids.length);
  const { rows } = await site.db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM articles',
  );
  expect(ids).toHaveLength(rows[0]!.count);
});

test('an undated article ranks as old: after every dated one, even from a followed source', async () => {
  const added = await addSources(site.db, [sourceEntry('timeless', 'Timeless Blog', [])]);
  await addArticles(site.db, added.get('timeless')!, [
    article('timeless.example', 'The Log', 0, { publishingDate: null }),
  ]);
  const reader = await site.signIn();
  await reader.client.postJson('/api/follow_source', { sourceId: added.get('timeless') });

  const seen = await everyPage(reader.client);
  const undated = seen.findIndex((item) => item.title === 'The Log');
  expect(seen[undated]?.publishing_date).toBeNull();
  const lastDated = seen.findLastIndex((item) => item.publishing_date !== null);
  expect(undated).toBeGreaterThan(lastDated);
});

/** `db`, counting the reads of a discover pool (its pool and its reserve, discover-pool.ts). */
function countingPoolReads(db: Db): { db: Db; reads: () => number } {
  let reads = 0;
  return {
    db: {
      mode: db.mode,
      query: (sql, params) => {
        if (sql.includes('WITH pool AS')) reads += 1;
        return db.query(sql, params);
      },
      exec: (sql) => db.exec(sql),
      transaction: (work) => db.transaction(work),
      close: () => db.close(),
    },
    reads: () => reads,
  };
}

test("a reader's new scroll takes their last ranking while nothing it reads changed, and ranks again after they mute a blog or a crawl lands", async () => {
  const counting = countingPoolReads(site.db);
  const counted = await startTestServer(counting.db);
  try {
    const reader = await createReader(counted);
    await reader.client.postJson('/api/save_user_topics', { topics: ['Databases'] });
    const first = await feed(reader.client);
    const readsOfOneRanking = counting.reads();
    expect(readsOfOneRanking).toBeGreaterThan(0);

    // A new scroll (a first page again, its own snapshot cookie), nothing else changed.
    expect(await feed(reader.client)).toEqual(first);
    expect(counting.reads()).toBe(readsOfOneRanking);

    await reader.client.postJson('/api/add_mute', { kind: 'source', value: 'rare-1' });
    const unmuted = await feed(reader.client);
    expect(counting.reads()).toBe(2 * readsOfOneRanking);
    expect(unmuted.some((item) => item.source_url_name === 'rare-1')).toBe(false);

    await addArticles(site.db, sources.get('busy')!, [
      article('busy.example', 'Our storage rewrite, the sequel', 0.01, {
        topics: ['Databases'],
        topicScores: [5],
      }),
    ]);
    const crawled = await feed(reader.client);
    expect(counting.reads()).toBe(3 * readsOfOneRanking);
    expect(crawled.map((item) => item.title)).toContain('Our storage rewrite, the sequel');
  } finally {
    await counted.close();
  }
});

import type { Article } from '@blogstream/shared/contract';
import { TOPICS } from '@blogstream/shared/lib';
import { MAX_COLLECTIONS_PER_READER } from '../../../db/collections.js';
import {
  insertArticle,
  insertSource,
  readJson,
  readError,
  type TestReader,
} from '../../../testing/accounts-harness.js';
import { snapshotDatabase } from '../../../testing/db-snapshot.js';
import { routeTestSite } from '../../../testing/route-test-site.js';

let sourceId: number;
let articles: number[];

const site = routeTestSite('embedded', {
  seed: async (db) => {
    sourceId = await insertSource(db);
    articles = [];
    for (let daysAgo = 1; daysAgo <= 4; daysAgo += 1) {
      articles.push(await insertArticle(db, sourceId, daysAgo));
    }
  },
});

const [first, second, third] = [0, 1, 2];
const post = (index: number) => articles[index] ?? 0;

async function status(reader: TestReader, path: string, body: unknown) {
  const response = await reader.client.post(path, body);
  return { status: response.status, reason: (await readError(response)).reason };
}

async function feed(reader: TestReader, path: string, offset = 0, limit = 12) {
  const page = await reader.client.postJson<{ post_id: number; bookmarked: boolean }[]>(path, {
    queryData: null,
    offset,
    limit,
  });
  return page.map((article) => article.post_id);
}

describe('bookmarks', () => {
  test('bookmarking twice keeps one bookmark; removing twice succeeds', async () => {
    const reader = await site.signIn();
    for (let time = 0; time < 2; time += 1) {
      expect(await reader.client.postJson('/api/bookmark_post', { postId: post(first) })).toEqual({
        bookmarked: true,
      });
    }
    const { rows } = await site.db.query('SELECT 1 FROM bookmarks WHERE user_id = $1', [
      reader.userId,
    ]);
    expect(rows).toHaveLength(1);
    for (let time = 0; time < 2; time += 1) {
      expect(await reader.client.postJson('/api/remove_bookmark', { postId: post(first) })).toEqual(
        { bookmarked: false },
      );
    }
    expect(await feed(reader, '/api/bookmarks_feed')).toEqual([]);
  });

  test('the feed lists the newest bookmark first, pages, and marks them bookmarked', async () => {
    const reader = await site.signIn();
    for (const index of [second, first, third]) {
      await reader.client.postJson('/api/bookmark_post', { postId: post(index) });
    }
    expect(await feed(reader, '/api/bookmarks_feed')).toEqual([
      post(third),
      post(first),
      post(second),
    ]);
    expect(await feed(reader, '/api/bookmarks_feed', 1, 1)).toEqual([post(first)]);
    const page = await reader.client.postJson<{ bookmarked: boolean }[]>('/api/bookmarks_feed', {
      offset: 0,
      limit: 50,
    });
    expect(page.every((article) => article.bookmarked)).toBe(true);
    const fetched = await readJson<Article[]>(await reader.client.get('/api/fetch_bookmarks_feed'));
    expect(fetched.map((article) => article.post_id)).toEqual([
      post(third),
      post(first),
      post(second),
    ]);
  });

  test('an unknown article is 404 NOT_FOUND', async () => {
    const reader = await site.signIn();
    expect(await status(reader, '/api/bookmark_post', { postId: 999_999 })).toEqual({
      status: 404,
      reason: 'NOT_FOUND',
    });
  });

  test('concurrent toggles lose nothing and duplicate nothing', async () => {
    const reader = await site.signIn();
    const answers = await Promise.all(
      articles.flatMap((postId) =>
        [1, 2, 3].map(() => reader.client.post('/api/bookmark_post', { postId })),
      ),
    );
    expect(answers.every((response) => response.status === 200)).toBe(true);
    const { rows } = await site.db.query<{ count: number }>(
      'SELECT count(*) AS count FROM bookmarks WHERE user_id = $1',
      [reader.userId],
    );
    expect(rows[0]?.count).toBe(articles.length);
  });
});

describe('follows', () => {
  test('following twice keeps one follow and shows in the user data', async () => {
    const reader = await site.signIn();
    for (let time = 0; time < 2; time += 1) {
      expect(await reader.client.postJson('/api/follow_source', { sourceId })).toEqual({
        following: true,
      });
    }
    expect(await reader.client.get('/api/check_logged_in').then((r) => r.json())).toMatchObject({
      follows_sources: true,
    });
    for (let time = 0; time < 2; time += 1) {
      expect(await reader.client.postJson('/api/unfollow_source', { sourceId })).toEqual({
        following: false,
      });
    }
    expect(await reader.client.get('/api/check_logged_in').then((r) => r.json())).toMatchObject({
      follows_sources: false,
    });
  });

  test('an unknown source is 404', async () => {
    const reader = await site.signIn();
    expect(await status(reader, '/api/follow_source', { sourceId: 999_999 })).toEqual({
      status: 404,
      reason: 'NOT_FOUND',
    });
  });
});

describe('collections', () => {
  async function create(reader: TestReader, collectionName: string) {
    return reader.client.postJson<{ collection_id: number; name: string }>(
      '/api/create_collection',
      { collectionName },
    );
  }

  test('names are trimmed, required and at most 100 characters', async () => {
    const reader = await site.signIn();
    expect(await create(reader, '  Papers  ')).toMatchObject({ name: 'Papers' });
    expect((await create(reader, 'x'.repeat(100))).name).toHaveLength(100);
    for (const collectionName of ['', '   ', 'x'.repeat(101)]) {
      expect(await status(reader, '/api/create_collection', { collectionName })).toEqual({
        status: 400,
        reason: 'VALIDATION_FAILED',
      });
    }
  });

  test('create, read, rename, list memberships and delete', async () => {
    const reader = await site.signIn();
    const papers = await create(reader, 'Papers');
    const later = await create(reader, 'Later');
    const collectionId = papers.collection_id;
    expect(await reader.client.postJson('/api/get_collection', { collectionId })).toEqual({
      name: 'Papers',
    });
    expect(
      await reader.client.postJson('/api/rename_collection', {
        collectionId,
        collectionName: 'Read first',
      }),
    ).toEqual({ collection_id: collectionId, name: 'Read first' });

    for (let time = 0; time < 2; time += 1) {
      await reader.client.postJson('/api/add_article_to_collection', {
        postId: post(first),
        collectionId,
      });
    }
    await reader.client.postJson('/api/add_article_to_collection', {
      postId: post(second),
      collectionId,
    });
    expect(
      await reader.client.postJson('/api/get_article_collections', { postId: post(first) }),
    ).toEqual([
      { collection_id: collectionId, name: 'Read first', post_in_collection: true },
      { collection_id: later.collection_id, name: 'Later', post_in_collection: false },
    ]);
    expect(await feed(reader, `/api/get_articles_in_collection/${collectionId}`)).toEqual([
      post(second),
      post(first),
    ]);

    await reader.client.postJson('/api/remove_article_from_collection', {
      postId: post(second),
      collectionId,
    });
    await reader.client.postJson('/api/remove_article_from_collection', {
      postId: post(second),
      collectionId,
    });
    expect(await feed(reader, `/api/get_articles_in_collection/${collectionId}`)).toEqual([
      post(first),
    ]);

    await reader.client.postJson('/api/delete_collection', { collectionId });
    expect(await reader.client.postJson('/api/get_collections')).toEqual([later]);
    const { rows } = await site.db.query(
      'SELECT 1 FROM collection_articles WHERE collection_id = $1',
      [collectionId],
    );
    expect(rows).toHaveLength(0);
    const article = await site.db.query('SELECT 1 FROM articles WHERE post_id = $1', [post(first)]);
    expect(article.rows).toHaveLength(1);
    expect(await status(reader, '/api/get_collection', { collectionId })).toEqual({
      status: 404,
      reason: 'NOT_FOUND',
    });
  });

  test('a reader without collections sees an empty list for an article; an unknown article is 404', async () => {
    const reader = await site.signIn();
    expect(
      await reader.client.postJson('/api/get_article_collections', { postId: post(first) }),
    ).toEqual([]);
    expect(await status(reader, '/api/get_article_collections', { postId: 999_999 })).toEqual({
      status: 404,
      reason: 'NOT_FOUND',
    });
    const { collection_id: collectionId } = await create(reader, 'Mine');
    expect(
      await status(reader, '/api/add_article_to_collection', { postId: 999_999, collectionId }),
    ).toEqual({ status: 404, reason: 'NOT_FOUND' });
  });

  test(`a reader keeps at most ${MAX_COLLECTIONS_PER_READER} collections`, async () => {
    const reader = await site.signIn();
    await site.db.query(
      `INSERT INTO collections (user_id, name)
       SELECT $1, 'filler ' || n FROM generate_series(1, $2::int) n`,
      [reader.userId, MAX_COLLECTIONS_PER_READER],
    );
    expect(await status(reader, '/api/create_collection', { collectionName: 'one more' })).toEqual({
      status: 400,
      reason: 'BAD_REQUEST',
    });
  });

  test('another reader’s collection is a 404 everywhere and stays untouched', async () => {
    const owner = await site.signIn();
    const intruder = await site.signIn();
    const { collection_id: collectionId } = await create(owner, 'Private');
    await owner.client.postJson('/api/add_article_to_collection', {
      postId: post(first),
      collectionId,
    });
    const before = await snapshotDatabase(site.db, ['sessions']);
    const attempts: [string, unknown][] = [
      ['/api/get_collection', { collectionId }],
      ['/api/rename_collection', { collectionId, collectionName: 'Mine now' }],
      ['/api/delete_collection', { collectionId }],
      ['/api/add_article_to_collection', { collectionId, postId: post(second) }],
      ['/api/remove_article_from_collection', { collectionId, postId: post(first) }],
      [`/api/get_articles_in_collection/${collectionId}`, { offset: 0, limit: 12 }],
    ];
    for (const [path, body] of attempts) {
      expect({ path, ...(await status(intruder, path, body)) }).toEqual({
        path,
        status: 404,
        reason: 'NOT_FOUND',
      });
    }
    expect(await intruder.client.postJson('/api/get_collections')).toEqual([]);
    expect(
      await intruder.client.postJson('/api/get_article_collections', { postId: post(first) }),
    ).toEqual([]);
    expect(await snapshotDatabase(site.db, ['sessions'])).toEqual(before);
  });
});

describe('topics', () => {
  test('the catalogue is the shared TOPICS list', async () => {
    const visitor = await site.server.client();
    expect(await visitor.postJson('/api/get_all_topics')).toEqual([...TOPICS]);
  });

  test('a new reader is first-time with null topics until saving some', async () => {
    const reader = await site.signIn();
    expect(await reader.client.postJson('/api/get_user_topics')).toBeNull();
    await reader.client.postJson('/api/save_user_topics', {
      topics: ['Security', 'Databases', 'Security'],
    });
    expect(await reader.client.postJson('/api/get_user_topics')).toEqual(['Security', 'Databases']);
    expect(await reader.client.get('/api/check_logged_in').then((r) => r.json())).toMatchObject({
      userFirstTimeUX: false,
    });
  });

  test('an empty list is VALIDATION_FAILED and an unknown topic UNKNOWN_TOPIC', async () => {
    const reader = await site.signIn();
    expect(await status(reader, '/api/save_user_topics', { topics: [] })).toEqual({
      status: 400,
      reason: 'VALIDATION_FAILED',
    });
    expect(
      await status(reader, '/api/save_user_topics', { topics: ['Security', 'Astrology'] }),
    ).toEqual({ status: 400, reason: 'UNKNOWN_TOPIC' });
    expect(await reader.client.postJson('/api/get_user_topics')).toBeNull();
  });
});

describe('settings', () => {
  test('digest frequency is off by default, can be weekly, and nothing else', async () => {
    const reader = await site.signIn();
    expect(await reader.client.postJson('/api/get_user_settings')).toEqual({
      email_digest_frequency: 0,
      theme: 'system',
    });
    expect(
      await reader.client.postJson('/api/save_user_settings', {
        settings: { email_digest_frequency: 2 },
      }),
    ).toEqual({ email_digest_frequency: 2, theme: 'system' });
    expect(await reader.client.postJson('/api/get_user_settings')).toEqual({
      email_digest_frequency: 2,
      theme: 'system',
    });
    expect(
      await status(reader, '/api/save_user_settings', { settings: { email_digest_frequency: 1 } }),
    ).toEqual({ status: 400, reason: 'VALIDATION_FAILED' });
  });

  test('the theme follows the system by default, is saved alone, and is system, light or dark', async () => {
    const reader = await site.signIn();
    await reader.client.postJson('/api/save_user_settings', {
      settings: { email_digest_frequency: 2 },
    });

    expect(
      await reader.client.postJson('/api/save_user_settings', { settings: { theme: 'dark' } }),
    ).toEqual({ email_digest_frequency: 2, theme: 'dark' });
    expect(await reader.client.postJson('/api/get_user_settings')).toEqual({
      email_digest_frequency: 2,
      theme: 'dark',
    });
    for (const theme of ['sepia', '', null, 1]) {
      expect(await status(reader, '/api/save_user_settings', { settings: { theme } })).toEqual({
        status: 400,
        reason: 'VALIDATION_FAILED',
      });
    }
    expect(await reader.client.postJson('/api/get_user_settings')).toMatchObject({ theme: 'dark' });
  });

  test("one reader's theme is not another's", async () => {
    const reader = await site.signIn();
    const other = await site.signIn();
    await reader.client.postJson('/api/save_user_settings', { settings: { theme: 'light' } });

    expect(await other.client.postJson('/api/get_user_settings')).toMatchObject({
      theme: 'system',
    });
  });
});

describe('unseen subscriptions', () => {
  test('an article new since the last visit of a followed source raises the flag', async () => {
    const reader = await site.signIn();
    const followed = await insertSource(site.db);
    const other = await insertSource(site.db);
    await insertArticle(site.db, followed);
    expect(await reader.client.postJson('/api/check_subscriptions_unseen')).toBe(false);
    await reader.client.postJson('/api/follow_source', { sourceId: followed });
    await reader.client.postJson('/api/update_subscriptions_seen');
    await insertArticle(site.db, other);
    expect(await reader.client.postJson('/api/check_subscriptions_unseen')).toBe(false);
    await insertArticle(site.db, followed);
    expect(await reader.client.postJson('/api/check_subscriptions_unseen')).toBe(true);
    expect(await reader.client.postJson('/api/update_subscriptions_seen')).toEqual({ ok: true });
    expect(await reader.client.postJson('/api/check_subscriptions_unseen')).toBe(false);
  });
});

test('request bodies cannot set what they should not', async () => {
  const reader = await site.signIn();
  const victim = await site.signIn();
  await reader.client.postJson('/api/save_user_settings', {
    settings: { email_digest_frequency: 2, account_type: 1 },
    account_type: 1,
    user_id: victim.userId,
  });
  await reader.client.postJson('/api/save_user_topics', {
    topics: ['Security'],
    user_id: victim.userId,
    first_time: true,
  });
  await reader.client.postJson('/api/bookmark_post', {
    postId: post(first),
    userId: victim.userId,
  });
  const { rows } = await site.db.query<{ user_id: number; account_type: number }>(
    `SELECT u.user_id, u.account_type, u.topics, u.email_digest_frequency,
            (SELECT count(*) FROM bookmarks b WHERE b.user_id = u.user_id) AS bookmarks
       FROM users u WHERE u.user_id = ANY($1::bigint[]) ORDER BY u.user_id`,
    [[reader.userId, victim.userId]],
  );
  expect(rows).toEqual([
    {
      user_id: reader.userId,
      account_type: 0,
      topics: ['Security'],
      email_digest_frequency: 2,
      bookmarks: 1,
    },
    {
      user_id: victim.userId,
      account_type: 0,
      topics: null,
      email_digest_frequency: 0,
      bookmarks: 0,
    },
  ]);
});

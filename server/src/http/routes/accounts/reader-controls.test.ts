import { XMLParser } from 'fast-xml-parser';
import {
  feedFiltersSchema,
  MAX_MUTES,
  rssAvailableFeedsResponseSchema,
  type Article,
} from '@blogstream/shared/contract';
import { loadCandidates, pickArticles } from '../../../db/digest-articles.js';
import type { Db } from '../../../db/db.js';
import { digestReaders } from '../../../db/digest-readers.js';
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

const PAGE = { queryData: null, offset: 0, limit: 50 };

/** Every article mentions Kafka, so one search finds them all. */
const ALPHA = ['Kafka at Alpha: partitions', 'Kafka consumer lag at Alpha'];
const RUST = 'Kafka streams in Rust';
const DEVOPS = 'Kafka on the cluster';
const TRUST = 'Kafka brokers you can trust, trustworthy and robust';
const CPP = 'Kafka clients for C++ services';
const KEPT = [TRUST, CPP];

const titles = (articles: Article[]) => articles.map((item) => item.title).sort();
const allTitles = [...ALPHA, RUST, DEVOPS, TRUST, CPP].sort();

const feed = (client: ApiClient, path: string, body: object = PAGE) => feedPage(client, path, body);

async function failure(reader: TestReader | ApiClient, path: string, body: unknown) {
  const client = 'client' in reader ? reader.client : reader;
  const response = await client.post(path, body);
  return { status: response.status, reason: (await readError(response)).reason };
}

async function postIdOf(db: Db, title: string): Promise<number> {
  const { rows } = await db.query<{ post_id: number }>(
    'SELECT post_id FROM articles WHERE title = $1',
    [title],
  );
  return Number(rows[0]!.post_id);
}

describeEachDriver('reader controls', (driver) => {
  const site = routeTestSite(driver, {
    seed: async (db) => {
      const ids = await addSources(db, [
        sourceEntry('alpha', 'Alpha Eng', []),
        sourceEntry('beta', 'Beta Eng', []),
      ]);
      await addArticles(
        db,
        ids.get('alpha')!,
        ALPHA.map((title, index) => article('alpha.example', title, 2 + index)),
      );
      await addArticles(db, ids.get('beta')!, [
        article('beta.example', RUST, 5, { topics: ['Programming Languages'] }),
        article('beta.example', DEVOPS, 6, { topics: ['DevOps'] }),
        article('beta.example', TRUST, 7, { topics: ['Backend'] }),
        article('beta.example', CPP, 8, { topics: ['Backend'] }),
      ]);
    },
  });

  /** A reader who muted the Alpha source, the DevOps topic and the keyword "rust". */
  async function mutingReader(): Promise<TestReader> {
    const reader = await site.signIn();
    await reader.client.postJson('/api/add_mute', { kind: 'source', value: 'alpha' });
    await reader.client.postJson('/api/add_mute', { kind: 'topic', value: 'devops' });
    await reader.client.postJson('/api/add_mute', { kind: 'keyword', value: '  RUST ' });
    return reader;
  }

  describe('read state', () => {
    test('an article marked read says so in every feed, and marking it unread undoes it', async () => {
      const reader = await site.signIn();
      const postId = await postIdOf(site.db, TRUST);
      const readFlag = async () =>
        (await feed(reader.client, '/api/discover_feed')).find((item) => item.post_id === postId)
          ?.read;
      expect(await readFlag()).toBe(false);
      for (let time = 0; time < 2; time += 1) {
        expect(await reader.client.postJson('/api/mark_read', { postId })).toEqual({ read: true });
      }
      expect(await readFlag()).toBe(true);
      expect(await reader.client.postJson('/api/mark_unread', { postId })).toEqual({
        read: false,
      });
      expect(await readFlag()).toBe(false);
      // A site.visitor never sees anyone's read marks.
      const [anyone] = (await feed(site.visitor, '/api/discover_feed')).filter(
        (item) => item.post_id === postId,
      );
      expect(anyone?.read).toBe(false);
    });

    test('Hide read leaves read articles out of the feeds, search and topic pages, not bookmarks', async () => {
      const reader = await site.signIn();
      const postId = await postIdOf(site.db, CPP);
      await reader.client.postJson('/api/mark_read', { postId });
      await reader.client.postJson('/api/bookmark_post', { postId });
      expect(await reader.client.postJson('/api/get_feed_filters', {})).toEqual({
        hide_read: false,
        mutes: [],
      });
      expect(await reader.client.postJson('/api/save_hide_read', { hide_read: true })).toEqual({
        hide_read: true,
      });
      expect(
        feedFiltersSchema.parse(await reader.client.postJson('/api/get_feed_filters', {}))
          .hide_read,
      ).toBe(true);
      const search = { queryData: 'kafka', offset: 0, limit: 50 };
      for (const [path, body] of [
        ['/api/discover_feed', PAGE],
        ['/api/discover_feed/Backend', PAGE],
        ['/api/search', search],
        ['/api/search_for_discover_feed', search],
      ] as const) {
        expect(titles(await feed(reader.client, path, body))).not.toContain(CPP);
      }
      expect(titles(await feed(reader.client, '/api/bookmarks_feed'))).toEqual([CPP]);

      await reader.client.postJson('/api/save_hide_read', { hide_read: false });
      expect(titles(await feed(reader.client, '/api/discover_feed'))).toContain(CPP);
    });

    test('an article read while scrolling stays counted, so no later page skips one', async () => {
      const reader = await site.signIn();
      await reader.client.postJson('/api/save_hide_read', { hide_read: true });
      const page = (offset: number) =>
        feed(reader.client, '/api/search_for_discover_feed', {
          queryData: 'kafka',
          offset,
          limit: 3,
        });
      const first = await page(0);
      await reader.client.postJson('/api/mark_read', { postId: first[0]!.post_id });
      const second = await page(3);
      expect(titles([...first, ...second])).toEqual(allTitles);
    });

    test('marking an article that does not exist is 404; a site.visitor is asked to sign in', async () => {
      const reader = await site.signIn();
      expect(await failure(reader, '/api/mark_read', { postId: 999_999 })).toEqual({
        status: 404,
        reason: 'NOT_FOUND',
      });
      expect(await failure(site.visitor, '/api/mark_read', { postId: 1 })).toEqual({
        status: 401,
        reason: 'UNAUTHORIZED',
      });
      expect(await failure(site.visitor, '/api/get_feed_filters', {})).toEqual({
        status: 401,
        reason: 'UNAUTHORIZED',
      });
    });
  });

  describe('mutes', () => {
    test('are listed newest first with names, added once, and removed', async () => {
      const reader = await mutingReader();
      // Adding the same mute again changes nothing.
      await reader.client.postJson('/api/add_mute', { kind: 'keyword', value: 'Rust' });
      const { mutes } = feedFiltersSchema.parse(
        await reader.client.postJson('/api/get_feed_filters', {}),
      );
      expect(mutes.map(({ kind, value, label }) => ({ kind, value, label }))).toEqual([
        { kind: 'keyword', value: 'rust', label: 'rust' },
        { kind: 'topic', value: 'DevOps', label: 'DevOps' },
        { kind: 'source', value: 'alpha', label: 'Alpha Eng' },
      ]);
      expect(
        await reader.client.postJson('/api/remove_mute', { kind: 'source', value: 'alpha' }),
      ).toEqual({ ok: true });
      await reader.client.postJson('/api/remove_mute', { kind: 'source', value: 'alpha' });
      await reader.client.postJson('/api/remove_mute', { kind: 'topic', value: 'DevOps' });
      const after = feedFiltersSchema.parse(
        await reader.client.postJson('/api/get_feed_filters', {}),
      );
      expect(after.mutes.map((mute) => mute.value)).toEqual(['rust']);
    });

    test('bad mutes are refused with a reason', async () => {
      const reader = await site.signIn();
      for (const [body, status, reason] of [
        [{ kind: 'colour', value: 'red' }, 400, 'VALIDATION_FAILED'],
        [{ kind: 'keyword', value: 'x' }, 400, 'VALIDATION_FAILED'],
        [{ kind: 'keyword', value: 'k'.repeat(51) }, 400, 'VALIDATION_FAILED'],
        [{ kind: 'keyword', value: '<script>' }, 400, 'VALIDATION_FAILED'],
        [{ kind: 'keyword' }, 400, 'VALIDATION_FAILED'],
        [{ kind: 'topic', value: 'Knitting' }, 400, 'UNKNOWN_TOPIC'],
        [{ kind: 'source', value: 'no-such-blog' }, 404, 'NOT_FOUND'],
      ] as const) {
        expect(await failure(reader, '/api/add_mute', body)).toEqual({ status, reason });
      }
      // The field and the contract's words, which the keyword dialog shows.
      const short = await reader.client.post('/api/add_mute', { kind: 'keyword', value: ' x ' });
      expect((await readError(short)).details).toEqual([
        { path: 'body.value', message: 'At least 2 characters.' },
      ]);
      expect(
        await failure(site.visitor, '/api/add_mute', { kind: 'keyword', value: 'go' }),
      ).toEqual({
        status: 401,
        reason: 'UNAUTHORIZED',
      });
    });

    test(`at most ${MAX_MUTES} per reader`, async () => {
      const reader = await site.signIn();
      await site.db.query(
        `INSERT INTO reader_mutes (user_id, kind, value)
         SELECT $1, 'keyword', 'word' || n FROM generate_series(1, $2::int) AS n`,
        [reader.userId, MAX_MUTES],
      );
      expect(await failure(reader, '/api/add_mute', { kind: 'keyword', value: 'more' })).toEqual({
        status: 409,
        reason: 'TOO_MANY_MUTES',
      });
    });

    test('a muted source, topic and whole-word keyword are in no feed, search or similar list', async () => {
      const reader = await mutingReader();
      const search = { queryData: 'kafka', offset: 0, limit: 50 };
      const similar = { queryData: await postIdOf(site.db, TRUST), offset: 0, limit: 50 };
      for (const [path, body] of [
        ['/api/discover_feed', PAGE],
        ['/api/discover_feed/all', PAGE],
        ['/api/search', search],
        ['/api/search_for_discover_feed', search],
      ] as const) {
        expect(titles(await feed(reader.client, path, body))).toEqual(KEPT);
        // A site.visitor (and any other reader) still sees them all.
        expect(titles(await feed(site.visitor, path, body))).toEqual(allTitles);
      }
      const like = titles(await feed(reader.client, '/api/more_like_this', similar));
      expect(like).toContain(TRUST);
      expect(like.filter((title) => !KEPT.includes(title))).toEqual([]);
      expect(
        titles(await feed(site.visitor, '/api/more_like_this', similar)).length,
      ).toBeGreaterThan(like.length);
      const alpha = await site.db.query<{ source_id: number }>(
        `SELECT source_id FROM sources WHERE url_name = 'alpha'`,
      );
      expect(
        await feed(reader.client, `/api/source_feed/${Number(alpha.rows[0]!.source_id)}`),
      ).toEqual([]);
      expect(
        titles(await feed(reader.client, '/api/dig_deeper_article', { n_articles: 10 })),
      ).toEqual(KEPT);
    });

    test("a muted item is not in the reader's RSS feed", async () => {
      const reader = await mutingReader();
      await site.db.query('UPDATE users SET account_type = 1 WHERE user_id = $1', [reader.userId]);
      const response = await reader.client.get('/api/rss/available-feeds');
      const [all] = rssAvailableFeedsResponseSchema.parse(await response.json());
      const { pathname, search } = new URL(all!.url);
      const xml = await (await site.server.fetch(`${pathname}${search}`)).text();
      const items = new XMLParser().parse(xml).rss.channel.item as { title: string }[];
      expect(items.map((item) => item.title).sort()).toEqual(KEPT);
    });

    test("a muted item is not in the reader's weekly digest", async () => {
      const reader = await mutingReader();
      const ids = await site.db.query<{ source_id: number }>('SELECT source_id FROM sources');
      await site.db.query(
        `INSERT INTO source_follows (user_id, source_id) SELECT $1, unnest($2::bigint[])`,
        [reader.userId, ids.rows.map((row) => row.source_id)],
      );
      const now = Date.now();
      const candidates = await loadCandidates(
        site.db,
        new Date(now - 7 * 24 * 3600 * 1000),
        new Date(now + 60_000),
      );
      const readers = await digestReaders(
        site.db,
        [reader.userId],
        candidates.map((candidate) => candidate.postId),
      );
      const picked = pickArticles(candidates, readers.get(reader.userId)!, {
        maxArticles: 50,
        maxPerSource: 50,
      });
      expect(picked.map((item) => item.title).sort()).toEqual(KEPT);
    });
  });
});

import {
  MAX_SAVED_SEARCHES,
  MAX_SEARCH_CHARS,
  savedSearchesResponseSchema,
  savedSearchSchema,
  type SavedSearch,
} from '@blogstream/shared/contract';
import {
  describeEachDriver,
  readError,
  type TestReader,
} from '../../../testing/accounts-harness.js';
import {
  addArticles,
  addSources,
  article,
  sourceEntry,
} from '../../../testing/content-fixtures.js';
import { routeTestSite } from '../../../testing/route-test-site.js';

describeEachDriver('saved searches', (driver) => {
  let reader: TestReader;
  let blogId: number;
  let otherBlogId: number;

  /** Stores articles of PG notes (or of the blog `sourceId`) published `hoursAgo` (one hour). */
  async function publish(titles: string[], sourceId = blogId, hoursAgo = 1) {
    const host = sourceId === blogId ? 'pg-notes.example' : 'db-weekly.example';
    await addArticles(
      site.db,
      sourceId,
      titles.map((title) => article(host, title, hoursAgo)),
    );
  }

  async function save(who: TestReader, body: object): Promise<SavedSearch> {
    return savedSearchSchema.parse(await who.client.postJson('/api/create_saved_search', body));
  }

  async function list(who: TestReader): Promise<SavedSearch[]> {
    return savedSearchesResponseSchema.parse(
      await who.client.postJson('/api/get_saved_searches', {}),
    );
  }

  const site = routeTestSite(driver, {
    seed: async (db) => {
      const sources = await addSources(db, [
        sourceEntry('pg-notes', 'PG notes', ['Databases']),
        sourceEntry('db-weekly', 'DB weekly', ['Databases']),
      ]);
      blogId = sources.get('pg-notes')!;
      otherBlogId = sources.get('db-weekly')!;
      await publish(['Vacuum in PostgreSQL, before anything was saved']);
    },
  });

  beforeAll(async () => {
    reader = await site.signIn();
  });

  test('counts the matches stored since the reader last opened it, and opening starts again', async () => {
    const saved = await save(reader, { name: 'Vacuum', query: 'vacuum' });
    expect(saved).toMatchObject({ name: 'Vacuum', query: 'vacuum', filter: {}, new_matches: 0 });

    await publish(['Vacuum tuning, part one', 'Vacuum tuning, part two', 'Indexes explained']);
    expect(
      (await list(reader)).find((one) => one.saved_search_id === saved.saved_search_id),
    ).toMatchObject({ new_matches: 2 });

    const opened = savedSearchSchema.parse(
      await reader.client.postJson('/api/open_saved_search', {
        savedSearchId: saved.saved_search_id,
      }),
    );
    expect(opened.new_matches).toBe(0);
    await publish(['Vacuum tuning, part three']);
    expect(
      (await list(reader)).find((one) => one.saved_search_id === saved.saved_search_id),
    ).toMatchObject({ new_matches: 1 });
  });

  test('counts only what its filter keeps and what the reader did not mute', async () => {
    const saved = await save(reader, {
      name: 'Replication at PG notes',
      query: 'replication',
      filter: { source: 'pg-notes' },
    });
    expect(saved.filter).toEqual({ source: 'pg-notes' });
    await publish(['Replication, a tutorial', 'Replication notes']);
    await publish(['Replication elsewhere'], otherBlogId);
    const count = async () =>
      (await list(reader)).find((one) => one.saved_search_id === saved.saved_search_id)
        ?.new_matches;
    expect(await count()).toBe(2);

    await reader.client.postJson('/api/add_mute', { kind: 'keyword', value: 'tutorial' });
    expect(await count()).toBe(1);
    await reader.client.postJson('/api/remove_mute', { kind: 'keyword', value: 'tutorial' });
  });

  test('a search saved on "Past week" keeps the period, counted back from the day it runs; a fixed first day stays', async () => {
    const pastWeek = await save(reader, {
      name: 'Autovacuum this week',
      query: 'autovacuum',
      filter: { pastDays: 7 },
    });
    expect(pastWeek.filter).toEqual({ pastDays: 7 });
    const fixedDay = new Date(Date.now() - 30 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const sinceDay = await save(reader, {
      name: 'Autovacuum since a day',
      query: 'autovacuum',
      filter: { from: fixedDay },
    });
    expect(sinceDay.filter).toEqual({ from: fixedDay });

    await publish(['Autovacuum, two days on'], blogId, 48);
    // Published nine days ago and stored three days ago: news when stored, but not of the past week.
    await publish(['Autovacuum, nine days on'], blogId, 9 * 24);
    await site.db.query(
      `UPDATE articles SET created_at = now() - interval '3 days' WHERE title = $1`,
      ['Autovacuum, nine days on'],
    );
    const counts = new Map(
      (await list(reader)).map((one) => [one.saved_search_id, one.new_matches]),
    );
    expect(counts.get(pastWeek.saved_search_id)).toBe(1);
    expect(counts.get(sinceDay.saved_search_id)).toBe(2);
  });

  test('a period and a first day at once are refused with VALIDATION_FAILED', async () => {
    const response = await reader.client.post('/api/create_saved_search', {
      name: 'Both',
      query: 'vacuum',
      filter: { pastDays: 7, from: '2025-01-01' },
    });
    expect(response.status).toBe(400);
    expect((await readError(response)).reason).toBe('VALIDATION_FAILED');
  });

  test('renames it and turns its digest section and alert on and off', async () => {
    const saved = await save(reader, { name: 'WAL', query: 'write-ahead log' });
    const changed = savedSearchSchema.parse(
      await reader.client.postJson('/api/update_saved_search', {
        savedSearchId: saved.saved_search_id,
        name: 'The WAL',
        inDigest: true,
        alert: true,
      }),
    );
    expect(changed).toMatchObject({ name: 'The WAL', in_digest: true, alert: true });
    const alertOff = savedSearchSchema.parse(
      await reader.client.postJson('/api/update_saved_search', {
        savedSearchId: saved.saved_search_id,
        alert: false,
      }),
    );
    expect(alertOff).toMatchObject({ name: 'The WAL', in_digest: true, alert: false });

    await reader.client.postJson('/api/delete_saved_search', {
      savedSearchId: saved.saved_search_id,
    });
    expect((await list(reader)).map((one) => one.saved_search_id)).not.toContain(
      saved.saved_search_id,
    );
  });

  test('is private: another reader neither lists nor changes it, and gets 404 as if it did not exist', async () => {
    const saved = await save(reader, { name: 'Private', query: 'vacuum' });
    const other = await site.signIn('Other Reader');
    expect(await list(other)).toEqual([]);
    for (const [path, body] of [
      ['/api/update_saved_search', { savedSearchId: saved.saved_search_id, name: 'Mine now' }],
      ['/api/open_saved_search', { savedSearchId: saved.saved_search_id }],
      ['/api/delete_saved_search', { savedSearchId: saved.saved_search_id }],
    ] as const) {
      const response = await other.client.post(path, body);
      expect(response.status).toBe(404);
      expect((await readError(response)).reason).toBe('NOT_FOUND');
    }
    expect(
      (await list(reader)).find((one) => one.saved_search_id === saved.saved_search_id),
    ).toMatchObject({ name: 'Private' });
  });

  test('a reader keeps at most the limit, and is told why when over it', async () => {
    const keeper = await site.signIn('Keeper');
    for (let index = 0; index < MAX_SAVED_SEARCHES; index += 1) {
      await save(keeper, { name: `Search ${index}`, query: `words ${index}` });
    }
    const response = await keeper.client.post('/api/create_saved_search', {
      name: 'One too many',
      query: 'vacuum',
    });
    expect(response.status).toBe(400);
    const error = await readError(response);
    expect(error.reason).toBe('TOO_MANY_SAVED_SEARCHES');
    expect(error.message).toContain(String(MAX_SAVED_SEARCHES));
  });

  test.each([
    ['words longer than a search reads', { name: 'Long', query: 'x'.repeat(MAX_SEARCH_CHARS + 1) }],
    ['no words', { name: 'Empty', query: '   ' }],
    ['no name', { name: '', query: 'vacuum' }],
    [
      'a filter day that does not exist',
      { name: 'Bad day', query: 'vacuum', filter: { from: '2025-02-30' } },
    ],
    [
      'a blog that does not exist',
      { name: 'No blog', query: 'vacuum', filter: { source: 'no-such-blog' } },
    ],
  ])('%s is refused with VALIDATION_FAILED', async (_name, body) => {
    const response = await reader.client.post('/api/create_saved_search', body);
    expect(response.status).toBe(400);
    expect((await readError(response)).reason).toBe('VALIDATION_FAILED');
  });

  test('a visitor cannot save a search', async () => {
    const response = await site.visitor.post('/api/create_saved_search', {
      name: 'Vacuum',
      query: 'vacuum',
    });
    expect(response.status).toBe(401);
  });
});

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  crawlStatusResponseSchema,
  sourceInfoResponseSchema,
  sourcesResponseSchema,
  sourcesShowcaseResponseSchema,
  topicDescriptionResponseSchema,
  topicSourcesResponseSchema,
} from '@blogstream/shared/contract';
import { TOPICS } from '@blogstream/shared/lib';
import { TOPIC_DESCRIPTIONS } from '../../../intelligence/topics/topic-descriptions.js';
import type { TestReader } from '../../../testing/accounts-harness.js';
import {
  addArticles,
  addSources,
  article,
  sourceEntry,
} from '../../../testing/content-fixtures.js';
import { expectFailure, routeTestSite } from '../../../testing/route-test-site.js';

let reader: TestReader;
let sourceIds: Map<string, number>;

const ACTIVE = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'];

const site = routeTestSite('embedded', {
  seed: async (db) => {
    sourceIds = await addSources(db, [
      ...ACTIVE.map((name, index) =>
        sourceEntry(
          name,
          name[0]!.toUpperCase() + name.slice(1),
          index < 4 ? ['Databases', 'Backend'] : ['Security'],
        ),
      ),
      sourceEntry('silent', 'Silent', ['Databases']),
    ]);
    for (const [index, name] of ACTIVE.entries()) {
      await addArticles(
        db,
        sourceIds.get(name)!,
        Array.from({ length: ACTIVE.length - index }, (_, n) =>
          article(`${name}.example`, `${name} ${n}`, n),
        ),
      );
    }
  },
});

beforeAll(async () => {
  reader = await site.signIn();
  await site.db.query('INSERT INTO source_follows (user_id, source_id) VALUES ($1, $2)', [
    reader.userId,
    sourceIds.get('alpha'),
  ]);
});

test('the showcase groups the most active sources four per row', async () => {
  const rows = sourcesShowcaseResponseSchema.parse(
    await site.visitor.postJson('/api/home_page_sources_showcase', {}),
  );
  expect(rows.map((row) => row.length)).toEqual([4, 2]);
  expect(rows.flat().map((source) => source.url_name)).toEqual(ACTIVE);
});

test('source_info answers by url name or id, with related sources (shared topics first) and the following flag', async () => {
  const byName = sourceInfoResponseSchema.parse(
    await reader.client.postJson('/api/source_info', { sourceUrlName: 'alpha' }),
  );
  expect(byName).toMatchObject({
    source_id: sourceIds.get('alpha'),
    url_name: 'alpha',
    name: 'Alpha',
    long_name: 'Alpha Blog',
    logo_file: 'alpha.svg',
    following: true,
  });
  expect(byName.related_sources).toEqual([
    { url_name: 'beta', long_name: 'Beta Blog', logo_file: 'beta.svg' },
    { url_name: 'gamma', long_name: 'Gamma Blog', logo_file: 'gamma.svg' },
    { url_name: 'delta', long_name: 'Delta Blog', logo_file: 'delta.svg' },
    // No shared topic: the most active of the rest fill the list.
    { url_name: 'epsilon', long_name: 'Epsilon Blog', logo_file: 'epsilon.svg' },
    { url_name: 'zeta', long_name: 'Zeta Blog', logo_file: 'zeta.svg' },
  ]);
  const byId = sourceInfoResponseSchema.parse(
    await site.visitor.postJson('/api/source_info', { sourceId: sourceIds.get('alpha') }),
  );
  expect(byId).toMatchObject({ url_name: 'alpha', following: false });

  await expectFailure(
    site.visitor.post('/api/source_info', { sourceUrlName: 'nope' }),
    404,
    'NOT_FOUND',
  );
  await expectFailure(site.visitor.post('/api/source_info', {}), 400, 'VALIDATION_FAILED');
  await expectFailure(
    site.visitor.post('/api/source_info', { sourceId: 'x' }),
    400,
    'VALIDATION_FAILED',
  );
});

test('sources lists active and followed sources by name; recommendations skip followed ones, the reader topics first', async () => {
  const all = sourcesResponseSchema.parse(await reader.client.postJson('/api/sources', {}));
  expect(all.map((source) => source.url_name)).toEqual([...ACTIVE].sort());
  expect(all.find((source) => source.url_name === 'alpha')?.following).toBe(true);
  expect(
    sourcesResponseSchema.parse(await site.visitor.postJson('/api/sources', { limit: 2 })),
  ).toHaveLength(2);

  await site.db.query(`UPDATE users SET topics = '{Security}' WHERE user_id = $1`, [reader.userId]);
  const recommended = sourcesResponseSchema.parse(
    await reader.client.postJson('/api/get_recommended_sources', {}),
  );
  expect(recommended.map((source) => source.url_name)).toEqual([
    'epsilon',
    'zeta',
    'beta',
    'gamma',
    'delta',
  ]);
  const forVisitors = sourcesResponseSchema.parse(
    await site.visitor.postJson('/api/get_recommended_sources', { limit: 3 }),
  );
  expect(forVisitors.map((source) => source.url_name)).toEqual(['alpha', 'beta', 'gamma']);
  await expectFailure(site.visitor.post('/api/sources', { limit: 0 }), 400, 'VALIDATION_FAILED');
});

test('every topic has a description; topic sources are the active ones of that topic', async () => {
  for (const topic of TOPICS) expect(TOPIC_DESCRIPTIONS[topic].length).toBeGreaterThan(0);
  const paragraphs = topicDescriptionResponseSchema.parse(
    await site.visitor.postJson('/api/get_topic_description', { topic_name: 'ux' }),
  );
  expect(paragraphs).toEqual(TOPIC_DESCRIPTIONS.UX);

  const sources = topicSourcesResponseSchema.parse(
    await site.visitor.postJson('/api/get_sources_for_topic', { topic_name: 'Security' }),
  );
  expect(sources).toEqual([
    { url_name: 'epsilon', long_name: 'Epsilon Blog', logo_file: 'epsilon.svg' },
    { url_name: 'zeta', long_name: 'Zeta Blog', logo_file: 'zeta.svg' },
  ]);

  await expectFailure(
    site.visitor.post('/api/get_topic_description', { topic_name: 'Knitting' }),
    404,
    'UNKNOWN_TOPIC',
  );
  await expectFailure(
    site.visitor.post('/api/get_sources_for_topic', {}),
    400,
    'VALIDATION_FAILED',
  );
});

test('logos: a stored icon, else a monogram; never a path outside the logo folder', async () => {
  const monogram = await site.server.fetch('/static/logos/alpha.svg');
  expect(monogram.status).toBe(200);
  expect(monogram.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  expect(monogram.headers.get('content-security-policy')).toContain('sandbox');
  const svg = await monogram.text();
  expect(svg).toContain('>A</text>');
  expect(await (await site.server.fetch('/static/logos/alpha.svg')).text()).toBe(svg);

  const dir = join(site.server.config.dataDir, 'logos');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'beta.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const stored = await site.server.fetch('/static/logos/beta.png');
  expect(stored.headers.get('content-type')).toBe('image/png');
  expect(Buffer.from(await stored.arrayBuffer())).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  // A missing raster file still shows something.
  expect((await site.server.fetch('/static/logos/gamma.png')).headers.get('content-type')).toMatch(
    /svg/,
  );

  for (const path of [
    '/static/logos/..%2F..%2Fetc%2Fpasswd',
    '/static/logos/.env.png',
    '/static/logos/x.html',
  ]) {
    expect([path, (await site.server.fetch(path)).status]).toEqual([path, 404]);
  }
});

test('crawl status reports the last run and where the sources stand', async () => {
  await site.db.query(
    `INSERT INTO crawl_runs (trigger, finished_at, fetched, not_modified, failed, new_articles)
     VALUES ('schedule', now(), 5, 1, 1, 21)`,
  );
  await site.db.query(
    `UPDATE sources SET last_status = 'error', last_error_code = 'DNS_FAILED' WHERE url_name = 'silent'`,
  );
  const status = crawlStatusResponseSchema.parse(
    await (await site.visitor.get('/api/crawl_status')).json(),
  );
  expect(status).toMatchObject({
    lastRun: { trigger: 'schedule', fetched: 5, notModified: 1, failed: 1, newArticles: 21 },
    sources: { total: 7, ok: 0, failing: 1, neverFetched: 6 },
    articles: 21,
  });
});

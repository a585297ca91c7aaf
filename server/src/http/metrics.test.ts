import { finishCrawlRun, startCrawlRun } from '../db/crawl-runs.js';
import {
  accountsTestConfig,
  insertArticle,
  insertSource,
  openTestDatabase,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../testing/accounts-harness.js';
import { captureLogs } from '../testing/log-capture.js';

const METRICS_TOKEN = 'scrape-token-0123456789abcdef';
const withToken = { headers: { authorization: `Bearer ${METRICS_TOKEN}` } };

/** The names docs/DEPLOYMENT.md ("Metrics") documents, besides the standard process metrics. */
const DOCUMENTED_NAMES = [
  'blogstream_http_request_duration_seconds',
  'blogstream_admission_running',
  'blogstream_admission_queue_length',
  'blogstream_admission_refusals_total',
  'blogstream_ready',
  'blogstream_search_index_ready',
  'blogstream_search_index_behind_seconds',
  'blogstream_crawl_last_run_sources',
  'blogstream_crawl_last_run_new_articles',
  'blogstream_crawl_last_run_finished_timestamp_seconds',
  'blogstream_crawl_last_success_timestamp_seconds',
  'blogstream_embedding_articles',
  'blogstream_digest_deliveries',
  'process_resident_memory_bytes',
  'nodejs_heap_size_used_bytes',
];

/** The samples of a scrape, `name{labels}` to value. */
function samples(text: string): Map<string, number> {
  return new Map(
    text
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => {
        const at = line.lastIndexOf(' ');
        return [line.slice(0, at), Number(line.slice(at + 1))];
      }),
  );
}

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase('embedded');
});

afterAll(async () => {
  await database.close();
});

test('without METRICS_TOKEN there is no /metrics', async () => {
  const server = await startTestServer(database.db);
  try {
    expect((await server.fetch('/metrics', withToken)).status).toBe(404);
  } finally {
    await server.close();
  }
});

describe('with METRICS_TOKEN set', () => {
  const logs = captureLogs();
  let server: TestServer;

  beforeAll(async () => {
    const { db } = database;
    const sourceId = await insertSource(db, 'Metrics Blog');
    await insertArticle(db, sourceId);
    await db.query(
      `UPDATE sources SET last_success_at = '2026-11-20T10:00:00Z' WHERE source_id = $1`,
      [sourceId],
    );
    await finishCrawlRun(db, await startCrawlRun(db, 'schedule'), {
      fetched: 3,
      notModified: 4,
      failed: 2,
      newArticles: 7,
    });
    const { rows } = await db.query<{ subscription_id: number }>(
      `INSERT INTO digest_subscriptions (email, kind, target, status)
       VALUES ('metrics@example.test', 'topic', 'Databases', 'confirmed') RETURNING subscription_id`,
    );
    await db.query(
      `INSERT INTO subscription_deliveries (subscription_id, week, status)
       VALUES ($1, '2026-11-23', 'sent')`,
      [rows[0]!.subscription_id],
    );
    const config = accountsTestConfig({ env: { METRICS_TOKEN, LOG_LEVEL: 'trace' } });
    server = await startTestServer(db, config, logs);
  });

  afterAll(async () => {
    await server.close();
  });

  test('a scrape without the token, or with another, is 401 in the API error shape', async () => {
    for (const init of [{}, { headers: { authorization: `Bearer ${METRICS_TOKEN}x` } }]) {
      const response = await server.fetch('/metrics', init);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await response.json()).toMatchObject({ statusCode: 401, reason: 'UNAUTHORIZED' });
    }
  });

  test('a scrape with the token is Prometheus text with the documented metrics, read from the database', async () => {
    // A search loads the embedding model: the backlog is counted for the model this process serves.
    const visitor = await server.client();
    await visitor.postJson('/api/search', { queryData: 'article', offset: 0, limit: 5 });

    const response = await server.fetch('/metrics', withToken);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    for (const name of DOCUMENTED_NAMES)
      expect([name, text]).toEqual([name, expect.stringContaining(`# TYPE ${name} `)]);

    const values = samples(text);
    expect(values.get('blogstream_crawl_last_run_sources{outcome="failed"}')).toBe(2);
    expect(values.get('blogstream_crawl_last_run_new_articles')).toBe(7);
    expect(values.get('blogstream_crawl_last_success_timestamp_seconds')).toBe(
      Date.parse('2026-11-20T10:00:00Z') / 1000,
    );
    expect(values.get('blogstream_digest_deliveries{kind="subscription",status="sent"}')).toBe(1);
    expect(values.get('blogstream_embedding_articles{state="pending"}')).toBeGreaterThanOrEqual(0);
    expect(values.get('blogstream_admission_refusals_total{reason="queue_full"}')).toBe(0);
  });

  test('an index is 0 s behind while it holds every article, and behind by the wait of the oldest it lacks', async () => {
    const visitor = await server.client();
    await visitor.postJson('/api/search', { queryData: 'article', offset: 0, limit: 5 });
    const behind = async () =>
      samples(await (await server.fetch('/metrics', withToken)).text()).get(
        'blogstream_search_index_behind_seconds{index="lexical"}',
      );
    expect(await behind()).toBe(0);

    await insertArticle(database.db, await insertSource(database.db, 'Newer Blog'));
    expect(await behind()).toBeGreaterThan(0);
  });

  test("a request is counted under its route's template, never its address", async () => {
    await server.fetch('/api/source_health/a-blog-named-in-the-address');
    const text = await (await server.fetch('/metrics', withToken)).text();
    expect(text).toContain(
      'blogstream_http_request_duration_seconds_count{method="GET",route="/api/source_health/:sourceUrlName",status_class="4xx"} 1',
    );
    expect(text).not.toContain('a-blog-named-in-the-address');
  });

  test('the token is never logged', async () => {
    await server.fetch('/metrics', withToken);
    await server.fetch('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}x` } });
    expect(logs.text()).toContain('/metrics');
    expect(logs.text()).not.toContain(METRICS_TOKEN);
  });
});

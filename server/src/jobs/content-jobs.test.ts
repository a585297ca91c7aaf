import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../db/db.js';
import { bundledMigrations, migrate } from '../db/connection/migrations.js';
import { IN_MEMORY, openPglite } from '../db/connection/pglite.js';
import type { Log } from '../lib/log.js';
import { startFeedServer, staticContent, type FeedServer } from '../testing/feed-server.js';
import { makeTempDir, testConfig } from '../testing/test-config.js';
import { startContentJobs } from './content-jobs.js';

let db: Db;
let server: FeedServer;

beforeAll(async () => {
  db = await openPglite(IN_MEMORY);
  await migrate(db, await bundledMigrations());
  const feed = readFileSync(new URL('../ingestion/parse/fixtures/rss-091.xml', import.meta.url));
  server = await startFeedServer({ '/feed.xml': staticContent(feed, 'application/rss+xml') });
  await db.query(
    `INSERT INTO sources (url_name, name, long_name, feed_url) VALUES
       ('up', 'Up', 'Up', $1), ('down', 'Down', 'Down', 'http://127.0.0.1:9/feed.xml')`,
    [server.url('/feed.xml')],
  );
});

afterAll(async () => {
  await server.close();
  await db.close();
});

test('a worker crawls at start, embeds what it stored, logs each run in a line, and stops cleanly', async () => {
  const lines: string[] = [];
  const log: Log = {
    debug: () => undefined,
    info: (_details, message) => void lines.push(message),
    warn: (_details, message) => void lines.push(`WARN ${message}`),
    error: (details, message) => void lines.push(`${message} ${JSON.stringify(details)}`),
  };
  const config = testConfig({
    DATA_DIR: makeTempDir('jobs'),
    FEED_ALLOW_PRIVATE: '1',
    CRAWL_ON_START: '1',
    CRAWL_SCHEDULE: 'off',
    FEED_HOST_INTERVAL_MS: '0',
  });
  const stop = startContentJobs(db, config, log);
  const embedded = () => lines.some((line) => line.startsWith('Embedded'));
  for (let waited = 0; !embedded() && waited < 20_000; waited += 50) await sleep(50);
  await stop();

  expect(lines).toEqual([
    expect.stringMatching(
      /^Crawl run \d+ \(start\): 2 feeds in [\d.]+ s, 1 fetched, 0 not modified, 1 failed \(CONNECTION_FAILED 1\), 1 new articles$/,
    ),
    expect.stringMatching(/^Embedding 1 articles with blogstream-offline\//),
    expect.stringMatching(/^Embedded 1 articles in [\d.]+ s/),
  ]);
  const { rows } = await db.query<{ trigger: string; fetched: number; failed: number }>(
    'SELECT trigger, fetched, failed FROM crawl_runs',
  );
  expect(rows).toEqual([{ trigger: 'start', fetched: 1, failed: 1 }]);
});

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { contentCommands } from '../../admin/content-commands.js';
import type { Config } from '../../config.js';
import { markAllDue } from '../../db/crawl-state.js';
import type { Db } from '../../db/db.js';
import { bundledMigrations, migrate } from '../../db/connection/migrations.js';
import { IN_MEMORY, openPglite } from '../../db/connection/pglite.js';
import { crawlFetcher, crawlOnce } from '../../jobs/content-jobs.js';
import { repoRoot } from '../../paths.js';
import {
  startCanary,
  startFeedServer,
  staticContent,
  type FeedServer,
} from '../../testing/feed-server.js';
import {
  body,
  gzipBomb,
  hugeBody,
  redirectLoop,
  slowDrip,
  status,
} from '../../testing/hostile-handlers.js';
import { makeTempDir, testConfig } from '../../testing/test-config.js';
import { isPublicAddress } from '../fetch/address-policy.js';
import { Fetcher } from '../fetch/fetcher.js';
import { consoleLog } from '../../lib/log.js';
import { runCrawl } from './crawl-run.js';
import { GENRE_RULES_VERSION } from '../../intelligence/genres/classify-genre.js';
import { classifyStoredGenres } from '../../intelligence/genres/classify-stored-genres.js';

/** The shared corpus's raw feed files (../shared/data/feeds, read in place, never copied). */
const corpusDir = resolve(
  repoRoot,
  process.env.SHARED_DATA_DIR ?? join('..', 'shared', 'data'),
  'feeds',
);
/** Distinct article links in those files, counted independently of this code. */
const CORPUS_ARTICLES = 2404;
const fixture = (name: string) =>
  readFileSync(new URL(`../parse/fixtures/${name}`, import.meta.url));
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const quietLog = consoleLog('silent');

/** Feeds that misbehave, by OPML title, with how each must end. */
const hostileFeeds: Record<string, { path: string; outcome: string }> = {
  'Hostile truncated': { path: '/hostile/truncated.xml', outcome: 'error MALFORMED_FEED' },
  'Hostile laughs': { path: '/hostile/billion-laughs.xml', outcome: 'ok' },
  'Hostile entity': { path: '/hostile/external-entity.xml', outcome: 'error MALFORMED_FEED' },
  'Hostile page': { path: '/hostile/page.html', outcome: 'error NOT_A_FEED' },
  'Hostile huge': { path: '/hostile/huge.xml', outcome: 'error TOO_LARGE' },
  'Hostile bomb': { path: '/hostile/bomb.xml', outcome: 'error TOO_LARGE' },
  'Hostile loop': { path: '/hostile/loop.xml', outcome: 'error TOO_MANY_REDIRECTS' },
  'Hostile drip': { path: '/hostile/drip.xml', outcome: 'error TIMEOUT' },
  'Hostile latin': { path: '/hostile/latin1.xml', outcome: 'ok' },
  'Hostile bytes': { path: '/hostile/invalid-utf8.xml', outcome: 'ok' },
  'Hostile empty': { path: '/hostile/empty.xml', outcome: 'error EMPTY_BODY' },
  'Hostile gone': { path: '/hostile/gone.xml', outcome: 'error HTTP_404' },
  'Hostile broken': { path: '/hostile/broken.xml', outcome: 'error HTTP_500' },
  'Hostile items': { path: '/hostile/items.xml', outcome: 'ok' },
  'Blog home': { path: '/blog/home.html', outcome: 'ok' },
};

function opml(outlines: string[]): string {
  return `<?xml version="1.0"?><opml version="2.0"><head><title>Test</title></head><body>${outlines.join('')}</body></opml>`;
}

let db: Db;
let server: FeedServer;
let config: Config;
let corpusFiles: string[];

async function crawl(all = false) {
  if (all) await markAllDue(db);
  const fetcher = crawlFetcher(config.crawl);
  try {
    return await crawlOnce(db, fetcher, config, 'admin', quietLog);
  } finally {
    await fetcher.close();
  }
}

async function outcomes(): Promise<Record<string, string>> {
  const { rows } = await db.query<{ name: string; last_status: string; last_error_code: string }>(
    'SELECT name, last_status, last_error_code FROM sources',
  );
  return Object.fromEntries(
    rows.map((row) => [
      row.name,
      row.last_status === 'error' ? `error ${row.last_error_code}` : row.last_status,
    ]),
  );
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ count: number }>(sql, params);
  return Number(rows[0]?.count);
}

beforeAll(async () => {
  if (!existsSync(corpusDir)) {
    throw new Error(`The shared feed corpus is missing: ${corpusDir} (set SHARED_DATA_DIR)`);
  }
  corpusFiles = readdirSync(corpusDir).filter((file) => file.endsWith('.xml'));
  db = await openPglite(IN_MEMORY);
  await migrate(db, await bundledMigrations());
  server = await startFeedServer({
    ...Object.fromEntries(
      corpusFiles.map((file) => [
        `/feeds/${file}`,
        staticContent(readFileSync(join(corpusDir, file)), 'application/xml'),
      ]),
    ),
    '/hostile/truncated.xml': body(fixture('truncated.xml'), 'application/rss+xml'),
    '/hostile/billion-laughs.xml': body(fixture('billion-laughs.xml'), 'application/rss+xml'),
    '/hostile/external-entity.xml': body(fixture('external-entity.xml'), 'application/rss+xml'),
    '/hostile/page.html': body('<html><body>No feed here.</body></html>', 'text/html'),
    '/hostile/huge.xml': hugeBody(50),
    '/hostile/bomb.xml': gzipBomb(64),
    '/hostile/loop.xml': redirectLoop('/hostile/loop.xml'),
    '/hostile/drip.xml': slowDrip(100),
    '/hostile/latin1.xml': body(fixture('latin1.xml'), 'text/xml'),
    '/hostile/invalid-utf8.xml': body(fixture('invalid-utf8.xml'), 'application/rss+xml'),
    '/hostile/empty.xml': body('', 'application/rss+xml'),
    '/hostile/broken.xml': status(500),
    '/hostile/items.xml': body(fixture('hostile-items.xml'), 'application/rss+xml'),
    '/blog/home.html': body(fixture('html-page.html'), 'text/html'),
    '/discovered.xml': body(fixture('rss-091.xml'), 'application/rss+xml'),
    '/icon.png': body(PNG, 'image/png'),
  });
  config = testConfig({
    DATA_DIR: makeTempDir('crawl'),
    FEED_ALLOW_PRIVATE: '1',
    FEED_HOST_INTERVAL_MS: '0',
    // Only the drip must time out; the corpus's largest feeds must not, on 2 busy cores.
    FEED_TIMEOUT_SECONDS: '8',
    FEED_MAX_BYTES: String(2 * 1024 * 1024),
  });
  const file = join(makeTempDir('opml'), 'feeds.opml');
  writeFileSync(
    file,
    opml([
      `<outline text="Corpus" title="Programming Languages">${corpusFiles
        .map(
          (name) => `<outline type="rss" text="${name}" xmlUrl="${server.url(`/feeds/${name}`)}"/>`,
        )
        .join('')}</outline>`,
      ...Object.entries(hostileFeeds).map(
        ([title, { path }]) =>
          `<outline type="rss" text="${title}" xmlUrl="${server.url(path)}"${
            title === 'Blog home' ? ` htmlUrl="${server.url('/blog/home.html')}"` : ''
          }/>`,
      ),
    ]),
  );
  await contentCommands['import-opml']!.run(db, [file], config);
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

/**
 * A crawl of the whole corpus (69 feeds, about 7,700 articles) with its passes is the suite's
 * longest step: a minute alone on a busy machine, more beside another worker (decision 0039).
 */
const WHOLE_CRAWL_TIMEOUT_MS = 240_000;

test(
  'the shared corpus and a set of hostile feeds crawl in one run: every feed ends with a status',
  async () => {
    const report = await crawl();

    const hostileOk = Object.values(hostileFeeds).filter(({ outcome }) => outcome === 'ok').length;
    const hostileFailed = Object.keys(hostileFeeds).length - hostileOk;
    expect(report).toMatchObject({
      fetched: corpusFiles.length + hostileOk,
      notModified: 0,
      failed: hostileFailed,
    });

    const byName = await outcomes();
    for (const name of corpusFiles) expect([name, byName[name]]).toEqual([name, 'ok']);
    for (const [name, { outcome }] of Object.entries(hostileFeeds)) {
      expect([name, byName[name]]).toEqual([name, outcome]);
    }
    const corpusArticles = await count(
      `SELECT count(*) FROM articles a JOIN sources s USING (source_id) WHERE s.name LIKE '%.xml'`,
    );
    expect(corpusArticles).toBe(CORPUS_ARTICLES);
    expect(await count('SELECT count(*) FROM articles')).toBe(report.newArticles);
    // OPML folder names become topics.
    expect(
      await count(`SELECT count(*) FROM sources WHERE 'Programming Languages' = ANY (topics)`),
    ).toBe(corpusFiles.length);
  },
  WHOLE_CRAWL_TIMEOUT_MS,
);

test('the real feeds are stored faithfully: no control character or U+FFFD, no invented date', async () => {
  const corpus = `FROM articles a JOIN sources s USING (source_id) WHERE s.name LIKE '%.xml'`;
  expect(
    await count(
      `SELECT count(*) ${corpus}
          AND a.title || a.description ~ '[\x01-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\uFFFD]'`,
    ),
  ).toBe(0);
  // The files are snapshots from before this run: a date within it would have been made up.
  expect(
    await count(`SELECT count(*) ${corpus} AND a.publishing_date > now() - interval '10 minutes'`),
  ).toBe(0);
  expect(
    await count(`SELECT count(*) ${corpus} AND a.publishing_date IS NOT NULL`),
  ).toBeGreaterThan(CORPUS_ARTICLES * 0.95);
});

test("the real feeds' articles keep their structure beside their text: headings, lists, quotes, code, and images at http(s) addresses only", async () => {
  const { rows } = await db.query<{ kind: string }>(
    `SELECT DISTINCT block->>'kind' AS kind
       FROM articles a JOIN sources s USING (source_id), jsonb_array_elements(a.content_blocks) block
      WHERE s.name LIKE '%.xml'`,
  );
  expect(rows.map(({ kind }) => kind).sort()).toEqual([
    'code',
    'heading',
    'image',
    'list_item',
    'paragraph',
    'quote',
  ]);
  expect(
    await count(
      `SELECT count(*) FROM articles a, jsonb_array_elements(a.content_blocks) block
        WHERE block->>'kind' = 'image' AND block->>'src' !~ '^https?://'`,
    ),
  ).toBe(0);
});

test('the real feeds agree with the corpus records collected beside them: title and date', async () => {
  // articles.jsonl was gathered from the same blogs by other means (their sites' sources, other
  // snapshots); where a stored link is there too, its title and day must match.
  const linkKey = (link: string) =>
    link
      .replace(/^https?:\/\/(www\.)?/, '')
      .replace(/(\.html)?\/?$/, '')
      .toLowerCase();
  const records = new Map<string, { title: string; published_at: string | null }>();
  const corpusFile = resolve(corpusDir, '..', 'articles.jsonl');
  for (const line of readFileSync(corpusFile, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const record = JSON.parse(line) as { link: string; title: string; published_at: string | null };
    records.set(linkKey(record.link), record);
  }
  const { rows } = await db.query<{ link: string; title: string; publishing_date: Date | null }>(
    `SELECT a.link, a.title, a.publishing_date
       FROM articles a JOIN sources s USING (source_id) WHERE s.name LIKE '%.xml'`,
  );
  const words = (text: string) => text.replace(/\s+/g, ' ').trim();
  const compared = rows.flatMap((row) => {
    const record = records.get(linkKey(row.link));
    return record ? [{ row, record }] : [];
  });
  const titleDiffers = compared.filter(
    ({ row, record }) => !words(record.title).endsWith(words(row.title)),
  );
  const dated = compared.filter(({ record }) => record.published_at);
  const dayDiffers = dated.filter(
    ({ row, record }) =>
      !row.publishing_date ||
      Math.abs(new Date(row.publishing_date).getTime() - Date.parse(record.published_at!)) >
        36 * 3600_000,
  );

  // A few upstream records differ for real: Frama-C's feed reuses one URL for successive
  // releases, and the record holds a later one ("Release of Frama-C 27.1" for 27.0's link).
  const upstreamDifferences = Math.ceil(compared.length * 0.005);
  expect(compared.length).toBeGreaterThan(CORPUS_ARTICLES * 0.9);
  expect(titleDiffers.length).toBeLessThanOrEqual(upstreamDifferences);
  expect(dayDiffers.length).toBeLessThanOrEqual(upstreamDifferences);
  expect(dated.length).toBeGreaterThan(compared.length * 0.9);
});

test('every crawled article is given its genre by the rules of the day', async () => {
  const genreOf = async (title: string) => {
    const { rows } = await db.query<{ genre: string | null; genre_version: number | null }>(
      'SELECT genre, genre_version FROM articles WHERE title = $1',
      [title],
    );
    return rows[0];
  };
  expect(await count('SELECT count(*) FROM articles WHERE genre_version IS NULL')).toBe(0);
  expect(await genreOf('Announcing Rust 1.71.0')).toEqual({
    genre: 'release',
    genre_version: GENRE_RULES_VERSION,
  });
  expect(await count(`SELECT count(*) FROM articles WHERE genre IS NOT NULL`)).toBeGreaterThan(
    CORPUS_ARTICLES * 0.2,
  );

  // Rules that change classify every article again, and leave the others alone.
  await db.query(
    `UPDATE articles SET genre = NULL, genre_version = $1 - 1
      WHERE title = 'Announcing Rust 1.71.0'`,
    [GENRE_RULES_VERSION],
  );
  expect(await classifyStoredGenres(db, quietLog)).toBe(1);
  expect((await genreOf('Announcing Rust 1.71.0'))?.genre).toBe('release');
  expect(await classifyStoredGenres(db, quietLog)).toBe(0);
});

test(
  'a second crawl finds nothing new: conditional requests answer 304 and nothing is duplicated',
  async () => {
    const before = await count('SELECT count(*) FROM articles');
    const report = await crawl(true);

    expect(report.newArticles).toBe(0);
    expect(report.notModified).toBe(corpusFiles.length);
    expect(await count('SELECT count(*) FROM articles')).toBe(before);
    expect(await count('SELECT count(*) FROM (SELECT DISTINCT link FROM articles) links')).toBe(
      before,
    );
    const drip = await db.query<{ error_count: number; wait: number }>(
      `SELECT error_count, extract(epoch FROM next_due_at - now()) AS wait
       FROM sources WHERE name = 'Hostile drip'`,
    );
    expect(drip.rows[0]?.error_count).toBe(2);
    // Back-off: the refresh interval (an hour) doubled, give or take the jitter.
    expect(Number(drip.rows[0]?.wait)).toBeGreaterThan(2 * 3600 * 0.85);
  },
  WHOLE_CRAWL_TIMEOUT_MS,
);

test('hostile items are stored as plain text; a page is followed to the feed it announces', async () => {
  const { rows } = await db.query<{ title: string; description: string; link: string }>(
    `SELECT a.title, a.description, a.link FROM articles a JOIN sources s USING (source_id)
      WHERE s.name = 'Hostile items' ORDER BY a.link`,
  );
  expect(rows.length).toBe(6);
  for (const row of rows) {
    expect(row.description).not.toMatch(/<|alert/);
    expect(row.link).toMatch(/^https:\/\/hostile\.example\//);
  }
  const home = await db.query<{ feed_url: string; logo_file: string }>(
    `SELECT feed_url, logo_file FROM sources WHERE name = 'Blog home'`,
  );
  expect(home.rows[0]).toEqual({
    feed_url: server.url('/discovered.xml'),
    logo_file: 'blog-home.png',
  });
  expect(readFileSync(join(config.dataDir, 'logos', 'blog-home.png'))).toEqual(PNG);
});

test('a page announcing a feed another source already has is refused, not merged', async () => {
  await db.query(
    `INSERT INTO sources (url_name, name, long_name, feed_url, origin)
     VALUES ('copycat', 'Copycat', 'Copycat', $1, 'submission')`,
    [server.url('/blog/home.html')],
  );
  await crawl();
  expect((await outcomes()).Copycat).toBe('error FEED_EXISTS');
});

test('the same post in two feeds is one article, owned by its blog rather than an aggregator', async () => {
  const rust = readFileSync(join(corpusDir, 'rust.xml'), 'utf8');
  const link = /<link[^>]*href="([^"]+)"/.exec(rust.split('<entry>')[1]!)![1]!;
  const planet = `<rss version="2.0"><channel><title>Planet</title><link>https://planet.example/</link>
    <item><title>Reposted</title><link>${link.replace('https://', 'http://')}</link></item>
    <item><title>Only here</title><link>https://planet.example/only-here</link></item></channel></rss>`;
  server.route('/planet.xml', body(planet, 'application/rss+xml'));
  await db.query(
    `INSERT INTO sources (url_name, name, long_name, feed_url, source_type, origin)
     VALUES ('planet', 'Planet', 'Planet', $1, 'aggregator', 'opml')`,
    [server.url('/planet.xml')],
  );

  const report = await crawl();

  expect(report.newArticles).toBe(1);
  const owner = await db.query<{ url_name: string }>(
    `SELECT s.url_name FROM articles a JOIN sources s USING (source_id) WHERE a.link = $1`,
    [link],
  );
  expect(owner.rows[0]?.url_name).toBe('rust-xml');
});

describe('with the address rule on', () => {
  test('sources and site icons on private addresses are refused at connect time', async () => {
    const canary = await startCanary('127.0.0.1');
    const publicServer = await startFeedServer(
      { '/feed.xml': body(fixture('rss-091.xml'), 'application/rss+xml') },
      '127.0.0.2',
    );
    const fetcher = new Fetcher({
      userAgent: 'test',
      timeoutMs: 1500,
      maxBytes: 1024 * 1024,
      allowPrivate: false,
      isAllowedAddress: (address) => address === '127.0.0.2' || isPublicAddress(address),
    });
    try {
      await db.query(`UPDATE sources SET next_due_at = now() + interval '1 day'`);
      await db.query(
        `INSERT INTO sources (url_name, name, long_name, feed_url, site_url, origin) VALUES
           ('to-canary', 'To canary', 'To canary', $1, NULL, 'submission'),
           ('mapped-canary', 'Mapped', 'Mapped', $2, NULL, 'submission'),
           ('icon-canary', 'Icon', 'Icon', $3, $4, 'submission')`,
        [
          `http://127.0.0.1:${canary.port}/feed.xml`,
          `http://[::ffff:127.0.0.1]:${canary.port}/feed.xml`,
          `${publicServer.origin}/feed.xml`,
          `http://127.0.0.1:${canary.port}/`,
        ],
      );
      await runCrawl(
        db,
        fetcher,
        {
          trigger: 'admin',
          concurrency: 2,
          refreshSeconds: 3600,
          hostIntervalMs: 0,
          timeoutMs: 1500,
          logoDir: join(config.dataDir, 'logos'),
        },
        quietLog,
      );
      const byName = await outcomes();
      expect(byName['To canary']).toBe('error BLOCKED_ADDRESS');
      expect(byName.Mapped).toBe('error BLOCKED_ADDRESS');
      expect(byName.Icon).toBe('ok');
      expect(canary.connections()).toBe(0);
    } finally {
      await fetcher.close();
      await Promise.all([canary.close(), publicServer.close()]);
    }
  });
});

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANDING_TOPICS } from '@blogstream/shared/lib';
import { AdminCommandError } from '../../admin/admin-command.js';
import { contentCommands } from '../../admin/content-commands.js';
import type { Db } from '../../db/db.js';
import { bundledMigrations, migrate } from '../../db/connection/migrations.js';
import { IN_MEMORY, openPglite } from '../../db/connection/pglite.js';
import { upsertSources } from '../../db/sources.js';
import { sharedDataFile } from '../../testing/shared-data.js';
import { makeTempDir, testConfig } from '../../testing/test-config.js';
import { readCatalogue } from './catalogue.js';
import { importOpml } from './opml-import.js';
import { seedCatalogue } from './seed-catalogue.js';
import { slugify, uniqueSlug } from '../../lib/slug.js';

let db: Db;

beforeAll(async () => {
  db = await openPglite(IN_MEMORY);
  await migrate(db, await bundledMigrations());
});

afterAll(() => db.close());

test('the shipped catalogue is valid: unique names and feeds, every landing topic covered', async () => {
  const catalogue = await readCatalogue();
  expect(catalogue.length).toBeGreaterThan(500);
  expect(new Set(catalogue.map((entry) => entry.url_name)).size).toBe(catalogue.length);
  expect(new Set(catalogue.map((entry) => entry.feed_url)).size).toBe(catalogue.length);
  for (const topic of LANDING_TOPICS) {
    const sources = catalogue.filter((entry) => entry.topics.includes(topic));
    expect([topic, sources.length >= 2]).toEqual([topic, true]);
  }
});

test('seeding is idempotent and every source gets its monogram logo', async () => {
  const first = await seedCatalogue(db);
  expect(first.inserted).toBeGreaterThan(500);
  expect(await seedCatalogue(db)).toEqual({ inserted: 0, updated: 0, copiesRemoved: 0 });
  const { rows } = await db.query<{ logo_file: string; url_name: string }>(
    `SELECT logo_file, url_name FROM sources WHERE logo_file <> url_name || '.svg'`,
  );
  expect(rows).toEqual([]);
});

test('OPML import adds new feeds once, names them uniquely and skips what is known', async () => {
  const [known] = await readCatalogue();
  const opml = `<?xml version="1.0"?><opml version="2.0"><head/><body>
    <outline text="Security"><outline type="rss" text="New Blog" xmlUrl="https://new.example/feed"/>
      <outline type="rss" text="New Blog" xmlUrl="https://other.example/feed" category="Databases"/></outline>
    <outline type="rss" text="Known" xmlUrl="${known!.feed_url}"/>
    <outline type="rss" text="Bad" xmlUrl="javascript:alert(1)"/></body></opml>`;
  expect(await importOpml(db, opml)).toEqual({ added: 2, alreadyKnown: 1, invalid: 1 });
  expect(await importOpml(db, opml)).toEqual({ added: 0, alreadyKnown: 3, invalid: 1 });
  const { rows } = await db.query<{ url_name: string; topics: string[]; origin: string }>(
    `SELECT url_name, topics, origin FROM sources WHERE feed_url LIKE '%new.example%' OR feed_url LIKE '%other.example%' ORDER BY url_name`,
  );
  expect(rows).toEqual([
    { url_name: 'new-blog', topics: ['Security'], origin: 'opml' },
    { url_name: 'new-blog-2', topics: ['Databases', 'Security'], origin: 'opml' },
  ]);
});

async function sourceCount(): Promise<number> {
  const { rows } = await db.query<{ count: number }>('SELECT count(*) AS count FROM sources');
  return Number(rows[0]!.count);
}

/** The real engineering-blogs OPML list with some of its addresses rewritten. */
function rewrittenOpml(attributes: RegExp, rewrite: (url: string) => string): string {
  return readFileSync(sharedDataFile('engineering-blogs.opml'), 'utf8').replace(
    /(xmlUrl|htmlUrl)="([^"]*)"/g,
    (whole, attribute: string, url: string) =>
      attributes.test(attribute) ? `${attribute}="${rewrite(url)}"` : whole,
  );
}

test('the real engineering-blogs OPML imported over the catalogue adds nothing, in any spelling', async () => {
  await seedCatalogue(db);
  const before = await sourceCount();
  const real = readFileSync(sharedDataFile('engineering-blogs.opml'), 'utf8');
  expect(await importOpml(db, real)).toEqual({ added: 0, alreadyKnown: 422, invalid: 0 });

  // Other scheme, upper-case host, default port, trailing slash toggled: the same feeds.
  const respelled = rewrittenOpml(/Url$/, (url) => {
    const parsed = new URL(url.replace(/&amp;/g, '&'));
    const scheme = parsed.protocol === 'https:' ? 'http' : 'https';
    const path = parsed.pathname.endsWith('/')
      ? parsed.pathname.slice(0, -1)
      : `${parsed.pathname}/`;
    const port = scheme === 'https' ? ':443' : ':80';
    return `${scheme}://${parsed.host.toUpperCase()}${port}${path}${parsed.search}`.replace(
      /&/g,
      '&amp;',
    );
  });
  expect(await importOpml(db, respelled)).toEqual({ added: 0, alreadyKnown: 422, invalid: 0 });

  // Feeds moved elsewhere but the same sites: known by their site, except the two whose site the
  // catalogue records differently (engineering.fb.com/category/ai-research, tech.homeaway.com).
  let moved = 0;
  const movedFeeds = rewrittenOpml(/^xmlUrl$/, () => `https://moved.example/${++moved}.xml`);
  expect(await importOpml(db, movedFeeds)).toEqual({ added: 2, alreadyKnown: 420, invalid: 0 });
  expect(await sourceCount()).toBe(before + 2);
  await db.query(`DELETE FROM sources WHERE feed_url LIKE 'https://moved.example/%'`);
});

test('blogs of the shared corpus under other addresses are matched to the catalogue', async () => {
  const corpus = JSON.parse(readFileSync(sharedDataFile('corpus-sources.json'), 'utf8')) as {
    name: string;
    site_url: string;
    feed_url: string | null;
  }[];
  const outlines = corpus
    .filter((source) => source.feed_url)
    .map(
      (source) =>
        `<outline type="rss" text="${source.name}" xmlUrl="${source.feed_url}" htmlUrl="${source.site_url}"/>`,
    );
  await seedCatalogue(db);
  const report = await importOpml(
    db,
    `<opml version="2.0"><body>${outlines.join('')}</body></opml>`,
  );
  // Grab over https and Spotify with a trailing slash are known; only the Go blog, which moved to
  // another host (go.dev), is new.
  expect(report).toEqual({ added: 1, alreadyKnown: outlines.length - 1, invalid: 0 });
  const { rows } = await db.query<{ feed_url: string }>(
    `SELECT feed_url FROM sources WHERE origin = 'opml' AND feed_url NOT LIKE '%.example%'`,
  );
  expect(rows).toEqual([{ feed_url: 'https://go.dev/blog/feed.atom' }]);
});

test('seeding removes unused OPML copies of catalogue sources made before imports matched them', async () => {
  const copy = (urlName: string, feedUrl: string, siteUrl: string | null = null) => ({
    url_name: urlName,
    name: urlName,
    long_name: urlName,
    site_url: siteUrl,
    feed_url: feedUrl,
    category: null,
    source_type: 'blog',
    topics: [],
  });
  await seedCatalogue(db);
  await upsertSources(
    db,
    [
      copy('rust-2', 'http://blog.rust-lang.org/feed.xml/'),
      copy('rust-3', 'https://rust.example/feed', 'https://blog.rust-lang.org'),
      copy('grab-2', 'https://engineering.grab.com/feed.xml'),
      copy('spotify-2', 'https://engineering.atspotify.com/feed/'),
      copy('not-a-copy', 'https://not-a-copy.example/feed'),
    ],
    'opml',
  );
  const id = async (urlName: string) =>
    (
      await db.query<{ source_id: number }>('SELECT source_id FROM sources WHERE url_name = $1', [
        urlName,
      ])
    ).rows[0]!.source_id;
  const { rows: users } = await db.query<{ user_id: number }>(
    `INSERT INTO users (email, name) VALUES ('copy@example.com', 'Copy') RETURNING user_id`,
  );
  await db.query('INSERT INTO source_follows (user_id, source_id) VALUES ($1, $2)', [
    users[0]!.user_id,
    await id('grab-2'),
  ]);
  await db.query(
    `INSERT INTO articles (source_id, link, title, publishing_date) VALUES ($1, 'https://a.example/1', 'A', now())`,
    [await id('spotify-2')],
  );

  expect(await seedCatalogue(db)).toEqual({ inserted: 0, updated: 0, copiesRemoved: 2 });
  const { rows } = await db.query<{ url_name: string }>(
    `SELECT url_name FROM sources WHERE url_name IN ('rust-2', 'rust-3', 'grab-2', 'spotify-2', 'not-a-copy')
      ORDER BY url_name`,
  );
  // Followed or holding articles: kept for their readers.
  expect(rows.map((row) => row.url_name)).toEqual(['grab-2', 'not-a-copy', 'spotify-2']);
  expect(await seedCatalogue(db)).toEqual({ inserted: 0, updated: 0, copiesRemoved: 0 });
});

test('admin commands report plainly: a missing file, a bad file, the crawl status', async () => {
  const config = testConfig();
  const importCommand = contentCommands['import-opml']!;
  await expect(importCommand.run(db, [], config)).rejects.toThrow(AdminCommandError);
  await expect(importCommand.run(db, ['/nonexistent.opml'], config)).rejects.toThrow(
    'Cannot read /nonexistent.opml',
  );
  const notOpml = join(makeTempDir('opml'), 'bad.opml');
  writeFileSync(notOpml, 'not xml at all');
  await expect(importCommand.run(db, [notOpml], config)).rejects.toThrow(AdminCommandError);

  const lines: string[] = [];
  const info = console.info;
  console.info = (line: string) => void lines.push(line);
  try {
    await contentCommands['crawl-status']!.run(db, [], config);
  } finally {
    console.info = info;
  }
  expect(lines[0]).toMatch(
    /^source\s+last fetch \(UTC\)\s+status\s+errors\s+next due \(UTC\)\s+articles$/,
  );
  expect(lines.at(-1)).toMatch(/^\d+ sources, 0 failing\.$/);
});

test('slugs are url-safe and unique', () => {
  expect(slugify('Jane Street Tech Blog!')).toBe('jane-street-tech-blog');
  expect(slugify('Bjørn Johansen — Ça va')).toBe('bj-rn-johansen-ca-va');
  expect(slugify('日本語')).toBe('source');
  const taken = new Set(['blog']);
  expect([uniqueSlug('blog', taken), uniqueSlug('blog', taken)]).toEqual(['blog-2', 'blog-3']);
});

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANDING_TOPICS } from '@blogstream/shared/lib';
import { AdminCommandError } from '../admin/admin-command.js';
import { contentCommands } from '../admin/content-commands.js';
import type { Db } from '../db/db.js';
import { bundledMigrations, migrate } from '../db/migrations.js';
import { IN_MEMORY, openPglite } from '../db/pglite.js';
import { makeTempDir, testConfig } from '../testing/test-config.js';
import { readCatalogue } from './catalogue.js';
import { importOpml } from './opml-import.js';
import { seedCatalogue } from './seed-catalogue.js';
import { slugify, uniqueSlug } from './slug.js';

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
  expect(await seedCatalogue(db)).toEqual({ inserted: 0, updated: 0 });
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

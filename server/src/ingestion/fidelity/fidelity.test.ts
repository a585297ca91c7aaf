/**
 * The fidelity suite: feed documents written for every way a feed goes wrong (encodings, titles,
 * links and bases, dates, previews, images, empty feeds), served with their article pages by a
 * local HTTP server and read by the real crawler, page visits included. Each item's stored
 * title, link, date, preview and image is asserted.
 */
import { readFileSync, readdirSync } from 'node:fs';
import iconv from 'iconv-lite';
import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import { bundledMigrations, migrate } from '../../db/connection/migrations.js';
import { IN_MEMORY, openPglite } from '../../db/connection/pglite.js';
import { crawlFetcher, crawlOnce } from '../../jobs/content-jobs.js';
import { startFeedServer, type FeedServer } from '../../testing/feed-server.js';
import { makeTempDir, testConfig } from '../../testing/test-config.js';
import { consoleLog } from '../../lib/log.js';

interface Served {
  contentType: string;
  /** The bytes' encoding; UTF-8 when unset. */
  encoding?: string;
  bom?: boolean;
  headers?: Record<string, string>;
}

/** How each document is served: most say nothing true about their encoding on purpose. */
const feeds: Record<string, Served> = {
  'cp1252.xml': { contentType: 'application/rss+xml', encoding: 'windows-1252' },
  'iso-8859-1-label.xml': { contentType: 'application/rss+xml', encoding: 'windows-1252' },
  'latin1-undeclared.xml': { contentType: 'text/xml', encoding: 'windows-1252' },
  'header-wins.xml': {
    contentType: 'application/xml; charset=windows-1252',
    encoding: 'windows-1252',
  },
  'utf16le-nobom.xml': { contentType: 'application/rss+xml', encoding: 'utf-16le' },
  'utf16be-bom.xml': { contentType: 'application/atom+xml', encoding: 'utf-16be', bom: true },
  'utf32.xml': { contentType: 'application/rss+xml', encoding: 'utf-32le' },
  'mislabelled-utf8.xml': { contentType: 'application/rss+xml; charset=ISO-8859-1' },
  'mixed-utf8.xml': { contentType: 'application/rss+xml' },
  'titles.xml': { contentType: 'application/rss+xml' },
  'atom-titles.xml': { contentType: 'application/atom+xml' },
  'atom-links.xml': { contentType: 'application/atom+xml' },
  'content-location.xml': {
    contentType: 'application/atom+xml',
    headers: { 'content-location': '/site/feed.atom' },
  },
  'rss-relative.xml': { contentType: 'application/rss+xml' },
  'dates.xml': { contentType: 'application/rss+xml' },
  'empty.xml': { contentType: 'application/rss+xml' },
  'empty.json': { contentType: 'application/feed+json' },
  'previews.xml': { contentType: 'application/rss+xml' },
  'images.xml': { contentType: 'application/rss+xml' },
};
const pages: Record<string, Served> = {
  'company-blog.html': { contentType: 'text/html', encoding: 'windows-1252' },
};

const at = (iso: string) => new Date(iso).toISOString();

/** What each stored article must be, by link path; `preview` is exact unless a RegExp. */
const expected: Record<
  string,
  { title?: string; date?: string | null; preview?: string | RegExp; image?: string | null }
> = {
  '/cp1252/quotes': {
    title: 'Don’t “quote” me – please…',
    date: at('2024-05-14T09:30:00Z'),
    preview:
      'We wouldn’t say it’s “done” – but the café is open, and this is a sentence about encodings.',
  },
  '/latin-label/smart': {
    title: 'Naïve “smart” quotes',
    preview:
      'Servers that say ISO-8859-1 nearly always mean windows-1252, so “these” quotes must survive.',
  },
  '/undeclared/resume': { title: 'Résumé of a year – what we learned' },
  '/header/wins': { title: 'The header’s charset wins' },
  '/utf16/wide': { title: 'Wide “UTF-16” feed – ça marche', date: at('2024-05-18T09:30:00Z') },
  '/utf16be/marked': { title: 'Big-endian — with a mark', date: at('2024-05-19T09:30:00Z') },
  '/utf32/four': { title: 'Four bytes a character — 🚀 included' },
  '/mislabelled/utf8': { title: '“Smart” quotes in UTF-8 – labelled Latin' },
  '/mixed/one-byte': { title: 'It’s mostly naïve UTF-8' },

  '/titles/double-escaped': { title: 'It’s & done' },
  '/titles/generics': { title: 'Option<Box<U>> in practice' },
  '/titles/tags-as-text': { title: 'Why <div> beats <span>' },
  '/titles/inline-code': { title: 'Using Vec<T> safely' },
  '/titles/ampersands': { title: 'AT&T & the 100% club' },
  '/atom-titles/text': { title: 'Option<T> and &' },
  '/atom-titles/html': { title: 'Fast & safe' },
  '/atom-titles/xhtml': { title: 'A bold move & more' },
  '/atom-titles/base64': {
    title: 'Sent as base64',
    preview: 'This body was sent as base64, and it still reads as prose to the reader.',
  },

  '/blog/posts/alternate': { title: 'The alternate link, not the others' },
  '/blog/2024/nested': { title: 'A base inside a base' },
  '/blog/by-id': { title: 'Only a self link, a URL for an id' },
  '/site/posts/located': { title: 'Relative to the Content-Location' },
  '/rooted': { title: 'Root-relative' },
  '/rss-site/pathed': { title: 'Path-relative' },

  '/dates/cest': { date: at('2024-05-14T09:30:00Z') },
  '/dates/bst': { date: at('2024-05-14T09:30:00Z') },
  '/dates/ist': { date: at('2024-05-14T09:30:00Z') },
  '/dates/aest': { date: at('2024-05-14T09:30:00Z') },
  '/dates/pdt': { date: at('2024-05-14T09:30:00Z') },
  '/dates/met': { date: at('2024-05-14T09:30:00Z') },
  '/dates/zoneless': { date: at('2024-05-14T09:30:00Z') },
  '/pages/meta-date.html': { date: at('2012-12-02T10:00:00Z') },
  '/pages/json-ld-date.html': {
    title: 'The Log',
    date: at('2013-12-16T16:00:00Z'),
    image: '/img/the-log.png',
    preview: /^I joined LinkedIn about six years ago/,
  },
  '/pages/time-element.html': { date: at('2019-03-01T00:00:00Z') },
  '/pages/missing.html': { title: 'Undated and unreachable', date: null, preview: '' },
  '/dates/future': { date: null },

  '/previews/scraped': {
    preview:
      'We introduced Cape in a previous post. In a nutshell, Cape is a framework for enabling ' +
      'real-time asynchronous event processing at a large scale with strong guarantees. It ' +
      'operates with both high performance and reliability at a very large scale.',
  },
  '/pages/article-with-nav.html': {
    preview: /^When a feed's summary only repeats the title, the article's own page is the place/,
  },
  '/pages/company-blog.html': {
    preview:
      /^This page is served in windows-1252, and it says so in a meta element: its “quotes” and – dashes – must read correctly/,
    image: 'https://cdn.company.example/cards/category.png',
  },
  '/previews/html-nav': {
    preview:
      'Caches are only as good as their invalidation: this post explains how we keep ours ' +
      'consistent across regions without a global lock.',
  },
  '/previews/summary': {
    preview:
      'We rewrote the scheduler in Rust, and tail latency fell by half; here is what we measured and why.',
  },

  '/images/thumbnail': { image: '/img/thumbnail.jpg' },
  '/images/media-content': { image: '/img/media-content.png' },
  '/images/enclosure': { image: '/img/enclosure.jpg' },
  '/images/in-content/': { image: '/images/in-content/diagram.png' },
  '/pages/og-image.html': { image: '/assets/cards/declared.png' },
  '/pages/no-image.html': { image: null },
};

const quietLog = consoleLog('silent');

const fixture = (folder: string, name: string) =>
  readFileSync(new URL(`./${folder}/${name}`, import.meta.url), 'utf8');

/** A document's template with the server's origin put in, in the bytes it is served as. */
function render(template: string, origin: string, served: Served): Buffer {
  const text = template.replaceAll('{{origin}}', origin);
  const [before, after] = text.split('{{0x92}}');
  if (after !== undefined) {
    return Buffer.concat([Buffer.from(before!), Buffer.of(0x92), Buffer.from(after)]);
  }
  const bytes = iconv.encode(text, served.encoding ?? 'utf-8');
  return served.bom ? Buffer.concat([iconv.encode('\ufeff', served.encoding!), bytes]) : bytes;
}

interface StoredArticle {
  link: string;
  title: string;
  description: string;
  image: string | null;
  publishing_date: Date | null;
  source: string;
}

let db: Db;
let server: FeedServer;
let config: Config;
let articles: Map<string, StoredArticle>;

beforeAll(async () => {
  db = await openPglite(IN_MEMORY);
  await migrate(db, await bundledMigrations());
  server = await startFeedServer();
  const serve = (path: string, template: string, served: Served) =>
    server.route(path, (_request, response) => {
      response
        .writeHead(200, { 'content-type': served.contentType, ...served.headers })
        .end(render(template, server.origin, served));
    });
  for (const [name, served] of Object.entries(feeds)) {
    serve(`/feeds/${name}`, fixture('feeds', name), served);
  }
  for (const name of readdirSync(new URL('./pages/', import.meta.url))) {
    serve(`/pages/${name}`, fixture('pages', name), pages[name] ?? { contentType: 'text/html' });
  }
  for (const name of Object.keys(feeds)) {
    const slug = `fidelity-${name.replace(/\W+/g, '-')}`;
    await db.query(
      `INSERT INTO sources (url_name, name, long_name, feed_url, origin)
       VALUES ($1, $1, $1, $2, 'opml')`,
      [slug, server.url(`/feeds/${name}`)],
    );
  }
  config = testConfig({
    DATA_DIR: makeTempDir('fidelity'),
    FEED_ALLOW_PRIVATE: '1',
    FEED_HOST_INTERVAL_MS: '0',
    CRAWL_PAGE_VISITS: '1',
  });
  const fetcher = crawlFetcher(config.crawl);
  try {
    await crawlOnce(db, fetcher, config, 'admin', quietLog);
  } finally {
    await fetcher.close();
  }
  const { rows } = await db.query<StoredArticle>(
    `SELECT a.link, a.title, a.description, a.image, a.publishing_date, s.url_name AS source
       FROM articles a JOIN sources s USING (source_id)`,
  );
  articles = new Map(rows.map((row) => [row.link.slice(server.origin.length), row]));
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

test('every fidelity feed is read, the empty ones included', async () => {
  const { rows } = await db.query<{ url_name: string; outcome: string }>(
    `SELECT url_name, COALESCE(last_error_code, last_status) AS outcome FROM sources`,
  );
  for (const row of rows) expect([row.url_name, row.outcome]).toEqual([row.url_name, 'ok']);
  expect(rows).toHaveLength(Object.keys(feeds).length);
});

test.each(Object.entries(expected))('%s is stored as its feed and page say', (path, want) => {
  const stored = articles.get(path);
  expect(stored).toBeDefined();
  if (want.title !== undefined) expect(stored!.title).toBe(want.title);
  if (want.date !== undefined) {
    expect(stored!.publishing_date && new Date(stored!.publishing_date).toISOString()).toBe(
      want.date,
    );
  }
  if (want.preview instanceof RegExp) expect(stored!.description).toMatch(want.preview);
  else if (want.preview !== undefined) expect(stored!.description).toBe(want.preview);
  if (want.image !== undefined) {
    const image = want.image?.startsWith('/') ? server.url(want.image) : want.image;
    expect(stored!.image).toBe(image);
  }
});

test('sources known only by a slug are named by their feed title, entities decoded', async () => {
  const { rows } = await db.query<{ url_name: string; name: string }>(
    'SELECT url_name, name FROM sources',
  );
  const names = Object.fromEntries(rows.map((row) => [row.url_name, row.name]));
  expect(names).toMatchObject({
    'fidelity-cp1252-xml': 'Windows Quotes Engineering',
    'fidelity-utf16le-nobom-xml': 'Wide Sixteen',
    'fidelity-titles-xml': 'Titles & Text',
    'fidelity-atom-titles-xml': 'Atom Types',
  });
});

test('an entry with no alternate link and no URL for an id is not an article', () => {
  expect([...articles.keys()].filter((path) => path.startsWith('/blog/'))).toHaveLength(3);
  expect(articles.has('/licence')).toBe(false);
});

test('no stored title or preview holds a control character or U+FFFD, nor page chrome', () => {
  for (const [path, article] of articles) {
    // eslint-disable-next-line no-control-regex
    const broken = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd]/;
    expect([path, broken.test(article.title + article.description)]).toEqual([path, false]);
    expect([path, article.description]).not.toEqual([
      path,
      expect.stringMatching(/Topics|Jobs|Popular|Privacy/),
    ]);
  }
});

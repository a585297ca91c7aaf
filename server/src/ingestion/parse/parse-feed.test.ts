import { readFileSync } from 'node:fs';
import { decodeText } from './decode-text.js';
import { FeedParseError, MAX_ITEMS_PER_FEED, parseFeed } from './parse-feed.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const parseFixture = (name: string, contentType?: string) =>
  parseFeed(decodeText(fixture(name), contentType));

function parseError(run: () => unknown): FeedParseError {
  try {
    run();
  } catch (error) {
    if (error instanceof FeedParseError) return error;
    throw error;
  }
  throw new Error('expected a FeedParseError');
}

test('RSS 0.91, RSS 1.0 (RDF), Atom-less RSS 2.0 and JSON Feed read into one shape', () => {
  expect(parseFixture('rss-091.xml').entries).toEqual([
    expect.objectContaining({
      title: { value: 'Old item', format: 'text' },
      link: 'https://old.example/item',
    }),
  ]);
  expect(parseFixture('rdf.xml')).toMatchObject({
    format: 'rdf',
    entries: [{ link: 'https://rdf.example/one', published: '2024-02-01T08:30:00Z' }],
  });
  const json = parseFixture('json-feed.json', 'application/feed+json');
  expect(json.format).toBe('json');
  expect(json.entries[0]).toMatchObject({
    content: { value: '<p>Body of <b>the</b> post.</p>', format: 'html' },
    imageUrls: ['https://json.example/one.png'],
  });
  expect(json.entries[1]).toMatchObject({ link: 'https://elsewhere.example/two' });
});

test('entity bombs stay inert and external entities are refused, quickly', () => {
  const started = performance.now();
  const heapBefore = process.memoryUsage().heapUsed;
  const bomb = parseFixture('billion-laughs.xml');
  expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(32 * 1024 * 1024);
  expect(bomb.entries[0]?.title?.value).toBe('Laughs &lol9;');
  expect(parseError(() => parseFixture('external-entity.xml')).code).toBe('MALFORMED_FEED');
  expect(performance.now() - started).toBeLessThan(1000);
});

test('truncated XML, an HTML page and an empty body each fail with their own code', () => {
  expect(parseError(() => parseFixture('truncated.xml')).code).toBe('MALFORMED_FEED');
  expect(parseError(() => parseFixture('html-page.html', 'text/html')).code).toBe('NOT_A_FEED');
  expect(parseError(() => parseFeed('  \n')).code).toBe('EMPTY_BODY');
});

test('the XML declaration names the encoding; bytes invalid in UTF-8 are read as windows-1252', () => {
  expect(parseFixture('latin1.xml', 'text/xml').entries[0]?.title?.value).toBe(
    'Crème brûlée à la française',
  );
  expect(parseFixture('invalid-utf8.xml').entries[0]?.title?.value).toBe('Bad ÿþ bytes Ã( here');
  const utf16 = Buffer.concat([
    Buffer.from([0xff, 0xfe]),
    Buffer.from(fixture('rss-091.xml').toString(), 'utf16le'),
  ]);
  expect(parseFeed(decodeText(utf16, undefined)).title).toBe('RSS 0.91');
});

test('a feed with a hundred thousand items is cut at the item cap', () => {
  const item = '<item><title>t</title><link>https://many.example/x</link></item>';
  const xml = `<rss version="2.0"><channel><title>Many</title>${item.repeat(100_000)}</channel></rss>`;
  expect(parseFeed(xml).entries).toHaveLength(MAX_ITEMS_PER_FEED);
});

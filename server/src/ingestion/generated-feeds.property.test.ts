import fc from 'fast-check';
import { normaliseEntry, type FeedContext } from './normalise/normalise-entry.js';
import { decodeText } from './parse/decode-text.js';
import { FeedParseError, parseFeed } from './parse/parse-feed.js';

const context: FeedContext = {
  documentUrl: 'https://generated.example/feed.xml',
  format: 'rss',
  fetchedAt: new Date('2026-11-20T12:00:00Z'),
  sourceTopics: [],
};

/** Text a hostile or sloppy feed puts in its fields: markup, entities, odd Unicode, nothing. */
const fieldText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom(
    '<script>alert(1)</script>',
    '&amp;&lt;&#0;&#xD800;&bogus;',
    ']]><![CDATA[',
    '\u0000\u0008\uFFFE',
    'javascript:alert(1)',
    '2024-13-45T99:99:99Z',
    '',
  ),
);

const escapeXml = (text: string) =>
  text.replace(/[&<>"]/g, (character) => `&#${character.codePointAt(0)};`);

/** An RSS or Atom document whose items mix well-formed, raw (unescaped) and missing fields. */
const generatedFeed = fc
  .record({
    atom: fc.boolean(),
    rawMarkup: fc.boolean(),
    items: fc.array(
      fc.record({
        title: fc.option(fieldText),
        link: fc.option(fc.oneof(fc.webUrl(), fieldText)),
        description: fc.option(fieldText),
        date: fc.option(
          fc.oneof(
            fc.date().map((date) => date.toUTCString()),
            fieldText,
          ),
        ),
      }),
      { maxLength: 30 },
    ),
  })
  .map(({ atom, rawMarkup, items }) => {
    const text = (value: string | null) => (rawMarkup ? (value ?? '') : escapeXml(value ?? ''));
    const field = (tag: string, value: string | null) =>
      value === null ? '' : `<${tag}>${text(value)}</${tag}>`;
    const entries = items.map((item) =>
      atom
        ? `<entry>${field('title', item.title)}${item.link === null ? '' : `<link href="${escapeXml(item.link)}"/>`}${field('summary', item.description)}${field('updated', item.date)}</entry>`
        : `<item>${field('title', item.title)}${field('link', item.link)}${field('description', item.description)}${field('pubDate', item.date)}</item>`,
    );
    return atom
      ? `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>G</title>${entries.join('')}</feed>`
      : `<?xml version="1.0"?><rss version="2.0"><channel><title>G</title>${entries.join('')}</channel></rss>`;
  });

test('generated feeds end as articles or a parse error with a code, never a crash', () => {
  fc.assert(
    fc.property(generatedFeed, (xml) => {
      const started = performance.now();
      try {
        const feed = parseFeed(decodeText(Buffer.from(xml, 'utf8'), 'application/rss+xml'));
        for (const entry of feed.entries) {
          const article = normaliseEntry(entry, context);
          if (article) expect(['http:', 'https:']).toContain(new URL(article.link).protocol);
        }
      } catch (error) {
        expect(error).toBeInstanceOf(FeedParseError);
        expect((error as FeedParseError).code).toMatch(/^[A-Z_]+$/);
      }
      expect(performance.now() - started).toBeLessThan(1000);
    }),
    { numRuns: 300 },
  );
});

test('arbitrary bytes in any declared encoding end as a parse error with a code, never a crash', () => {
  fc.assert(
    fc.property(
      fc.uint8Array({ maxLength: 2000 }),
      fc.constantFrom(
        'application/rss+xml',
        'text/xml; charset=iso-8859-1',
        'application/json',
        undefined,
      ),
      (bytes, contentType) => {
        try {
          parseFeed(decodeText(Buffer.from(bytes), contentType));
        } catch (error) {
          expect(error).toBeInstanceOf(FeedParseError);
        }
      },
    ),
    { numRuns: 300 },
  );
});

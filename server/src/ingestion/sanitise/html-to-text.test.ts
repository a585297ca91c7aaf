import fc from 'fast-check';
import {
  cleanText,
  htmlToParagraphs,
  htmlToText,
  plainText,
  withoutTitleMarkup,
  truncateText,
} from './html-to-text.js';
import { imageSources } from './image-sources.js';

const payloads = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><text>svg</text></svg>',
  '<a href="javascript:alert(1)">link</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<style>*{display:none}</style>',
  '"><script>alert(document.cookie)</script>',
  '<body onload=alert(1)>',
  '<math><mtext><img src=x onerror=alert(1)></mtext></math>',
];

test('HTML becomes the text a reader would see, without any tag or script', () => {
  expect(htmlToText('<p>Hello <b>world</b></p><p>Second&nbsp;paragraph &amp; more</p>')).toBe(
    'Hello world Second paragraph & more',
  );
  expect(htmlToText('<p>Vec&lt;T&gt; is &quot;generic&quot;</p>')).toBe('Vec<T> is "generic"');
  for (const payload of payloads) {
    const text = htmlToText(`before ${payload} after`);
    expect(text).not.toMatch(/<[a-z/!]/i);
    expect(text).not.toContain('alert');
    expect(text.startsWith('before')).toBe(true);
  }
});

test('whatever the input, the text has no tag and no control character', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary' }), fc.constantFrom(...payloads), (noise, payload) => {
      const text = htmlToText(`${noise}${payload}${noise}`);
      expect(text).not.toMatch(/<(script|img|svg|iframe|style|a)\b/i);
      // eslint-disable-next-line no-control-regex
      expect(text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    }),
    { numRuns: 300 },
  );
});

const titleText = (title: string) =>
  plainText({ value: withoutTitleMarkup(title), format: 'text' });

test('feed titles: entities decoded once, code brackets kept, decorative tags dropped', () => {
  expect(titleText('It&#8217;s &amp; fine')).toBe('It\u2019s & fine');
  expect(titleText('Option<Box<U>>')).toBe('Option<Box<U>>');
  expect(titleText('Why <div> beats <span>')).toBe('Why <div> beats <span>');
  expect(titleText('Vec<T> and <code>Option</code>')).toBe('Vec<T> and Option');
  expect(titleText('<script>alert(1)</script>Scripted <em>title</em>')).toBe('Scripted title');
  expect(titleText('AT&T &notanentity; 100%')).toBe('AT&T &notanentity; 100%');
  expect(cleanText('  a\u0000b \n\t c\u200b \u0085d\ufffd ')).toBe('ab c d');
});

test('a field is converted from HTML only when the feed says it is HTML', () => {
  expect(plainText({ value: '<em>HTML</em> &amp; title', format: 'html' })).toBe('HTML & title');
  expect(plainText({ value: 'Option<T> &mdash; more', format: 'text' })).toBe(
    'Option<T> \u2014 more',
  );
  expect(plainText(undefined)).toBe('');
});

test('paragraphs: block elements end them, and plain text keeps its own line breaks', () => {
  expect(htmlToParagraphs('<h2>Title</h2><p>One\nline <b>wrapped</b></p><ul><li>a</li></ul>')).toBe(
    'Title\nOne line wrapped\na',
  );
  expect(htmlToParagraphs('First paragraph.\n\n  Second &amp; last.  ')).toBe(
    'First paragraph.\nSecond & last.',
  );
});

test('long text is cut at a word with an ellipsis', () => {
  expect(truncateText('short', 10)).toBe('short');
  expect(truncateText('one two three four five', 16)).toBe('one two three…');
});

test('image sources skip tracking pixels and keep document order', () => {
  expect(
    imageSources('<img src="/t.gif" width="1" height="1"><img src="/a.png"><img src="b.jpg">'),
  ).toEqual(['/a.png', 'b.jpg']);
});

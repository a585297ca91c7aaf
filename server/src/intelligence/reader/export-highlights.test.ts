import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import {
  articleMarkdown,
  markdownZip,
  readwiseCsv,
  textFragmentLink,
  type ExportedArticle,
} from './export-highlights.js';

const ARTICLE: ExportedArticle = {
  postId: 7,
  title: 'Retry budgets: "10 %" is enough',
  sourceName: 'SRE notes',
  link: 'https://sre.example/posts/retry-budgets#comments',
  publishingDate: '2026-11-20T08:00:00.000Z',
};
const HIGHLIGHTS = [
  { quote: 'their retry budget is 10 %', note: '', createdAt: '2026-11-21T10:00:00.000Z' },
  {
    quote:
      'A client that runs out of budget waits,\nthen tries a well-known fallback, and never retries again',
    note: 'Quote in the design doc, "as is"',
    createdAt: '2026-11-21T10:05:00.000Z',
  },
];

test('a text fragment link: the whole short quote, else its first and last words, - and , encoded', () => {
  expect(textFragmentLink(ARTICLE.link, 'their retry budget is 10 %')).toBe(
    'https://sre.example/posts/retry-budgets#:~:text=their%20retry%20budget%20is%2010%20%25',
  );
  expect(textFragmentLink(ARTICLE.link, 'a well-known budget')).toMatch(
    /#:~:text=a%20well%2Dknown%20budget$/,
  );
  expect(textFragmentLink(ARTICLE.link, HIGHLIGHTS[1]!.quote)).toBe(
    'https://sre.example/posts/retry-budgets#:~:text=A%20client%20that%20runs%20out,fallback%2C%20and%20never%20retries%20again',
  );
});

test('an article as Markdown: front matter, title, each quote linked to its passage, its note beneath', () => {
  expect(articleMarkdown(ARTICLE, HIGHLIGHTS)).toBe(
    [
      '---',
      'title: "Retry budgets: \\"10 %\\" is enough"',
      'source: "SRE notes"',
      'link: "https://sre.example/posts/retry-budgets#comments"',
      'date: 2026-11-20',
      '---',
      '',
      '# Retry budgets: "10 %" is enough',
      '',
      `> their retry budget is 10 % ([original](${textFragmentLink(ARTICLE.link, HIGHLIGHTS[0]!.quote)}))`,
      '',
      '> A client that runs out of budget waits,',
      `> then tries a well-known fallback, and never retries again ([original](${textFragmentLink(ARTICLE.link, HIGHLIGHTS[1]!.quote)}))`,
      '',
      'Quote in the design doc, "as is"',
      '',
    ].join('\n'),
  );
});

test('every article is one Markdown file of the zip', () => {
  const other = { ...ARTICLE, postId: 8, title: 'Another post', publishingDate: null };
  const files = unzipSync(
    markdownZip([
      { article: ARTICLE, highlights: HIGHLIGHTS },
      { article: other, highlights: HIGHLIGHTS.slice(0, 1) },
    ]),
  );
  expect(Object.keys(files).sort()).toEqual([
    'another-post-8.md',
    'retry-budgets-10-is-enough-7.md',
  ]);
  expect(strFromU8(files['another-post-8.md']!)).toBe(
    articleMarkdown(other, HIGHLIGHTS.slice(0, 1)),
  );
});

test("Readwise's CSV: its columns, one row a highlight, commas, quotes and line breaks kept", () => {
  const rows = parse(readwiseCsv([{ article: ARTICLE, highlights: HIGHLIGHTS }]), {
    columns: true,
  }) as Record<string, string>[];
  expect(rows).toEqual(
    HIGHLIGHTS.map((highlight) => ({
      Highlight: highlight.quote,
      Title: ARTICLE.title,
      Author: 'SRE notes',
      URL: ARTICLE.link,
      Note: highlight.note,
      Location: '',
      Date: highlight.createdAt,
    })),
  );
});

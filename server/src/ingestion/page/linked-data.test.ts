import { linkedDataFacts } from './linked-data.js';
import { parseHtmlDocument } from './readable-article.js';

const facts = (...scripts: string[]) =>
  linkedDataFacts(
    parseHtmlDocument(
      `<html><head>${scripts.map((json) => `<script type="application/ld+json">${json}</script>`).join('')}</head><body></body></html>`,
    ),
  );

test('reads an article nested in a WebPage, inside a top-level array', () => {
  expect(
    facts(
      JSON.stringify([
        {
          '@type': 'WebPage',
          mainEntity: {
            '@type': ['TechArticle'],
            datePublished: '2024-02-02',
            image: ['https://x.example/a.png', { url: 'https://x.example/b.png' }],
          },
        },
      ]),
    ),
  ).toEqual({
    datesPublished: ['2024-02-02'],
    images: ['https://x.example/a.png', 'https://x.example/b.png'],
  });
});

test('skips broken scripts and reads the next; an article date comes before a WebPage date', () => {
  expect(
    facts(
      '{"@type": "NewsArticle", "datePublished": "2020-01-01",}',
      '{"@type": "WebPage", "datePublished": "2023-03-03"}',
      '{"@type": "schema:BlogPosting", "datePublished": "2024-04-04", "thumbnailUrl": "/t.png"}',
    ),
  ).toEqual({ datesPublished: ['2024-04-04', '2023-03-03'], images: ['/t.png'] });
});

test('images of non-article nodes (authors, publishers) are not the article image', () => {
  expect(
    facts('{"@type": "Person", "image": "https://x.example/avatar.png", "datePublished": "x"}')
      .images,
  ).toEqual([]);
});

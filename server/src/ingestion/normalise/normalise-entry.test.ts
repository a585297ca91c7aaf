import { readFileSync } from 'node:fs';
import { parseFeed } from '../parse/parse-feed.js';
import { normaliseEntry } from './normalise-entry.js';

const seenAt = new Date('2026-11-20T12:00:00Z');

function hostileArticles() {
  const feed = parseFeed(
    readFileSync(new URL('../parse/fixtures/hostile-items.xml', import.meta.url), 'utf8'),
  );
  return feed.entries.map((entry) =>
    normaliseEntry(entry, {
      documentUrl: 'https://hostile.example/feed.xml',
      format: feed.format,
      siteUrl: feed.siteUrl,
      fetchedAt: seenAt,
      sourceTopics: ['Security'],
    }),
  );
}

test('hostile items become plain-text articles with absolute http(s) links and images, their blocks without a pixel or a script', () => {
  const [scripted, javascriptLink, relative, contentImage, future, undated, , control] =
    hostileArticles();

  expect(scripted).toMatchObject({
    link: 'https://hostile.example/blog/scripted?id=7',
    title: 'Scripted title',
    description: 'Hello world, this is the body of the post.',
    publishingDate: new Date('2024-05-14T09:30:00Z'),
  });
  expect(javascriptLink).toBeUndefined();
  expect(relative).toMatchObject({
    link: 'https://hostile.example/blog/posts/relative',
    image: 'https://cdn.hostile.example/media.jpg',
  });
  expect(contentImage).toMatchObject({
    image: 'https://hostile.example/images/first.png',
    imageDeclared: false,
    content: 'Body',
    blocks: [
      { kind: 'image', src: 'https://hostile.example/images/first.png', alt: '' },
      { kind: 'paragraph', text: 'Body' },
    ],
  });
  expect(scripted?.blocks).toBeNull();
  expect(future?.publishingDate).toBeNull();
  expect(undated).toMatchObject({
    publishingDate: null,
    image: 'https://cdn.hostile.example/cover.png',
    imageDeclared: true,
    pageWanted: true,
  });
  expect(control?.title).toBe('Null byte and zerowidth');
});

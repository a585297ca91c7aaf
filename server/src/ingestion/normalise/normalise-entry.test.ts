import { readFileSync } from 'node:fs';
import { parseFeed } from '../parse/parse-feed.js';
import { classifyTopics } from './classify-topics.js';
import { normaliseEntry } from './normalise-entry.js';
import { publishingDate } from './publishing-date.js';

const seenAt = new Date('2026-11-20T12:00:00Z');

function hostileArticles() {
  const feed = parseFeed(
    readFileSync(new URL('../parse/fixtures/hostile-items.xml', import.meta.url), 'utf8'),
  );
  return feed.entries.map((entry) =>
    normaliseEntry(entry, {
      feedUrl: 'https://hostile.example/feed.xml',
      siteUrl: feed.siteUrl,
      fetchedAt: seenAt,
      sourceTopics: ['Security'],
    }),
  );
}

test('hostile items become plain-text articles with absolute http(s) links and images', () => {
  const [scripted, javascriptLink, relative, contentImage, future, undated, , control] =
    hostileArticles();

  expect(scripted).toMatchObject({
    link: 'https://hostile.example/blog/scripted?id=7',
    title: "<script>alert('title')</script>Scripted title",
    description: 'Hello world',
    publishingDate: new Date('2024-05-14T09:30:00Z'),
  });
  expect(javascriptLink).toBeUndefined();
  expect(relative).toMatchObject({
    link: 'https://hostile.example/blog/posts/relative',
    image: 'https://cdn.hostile.example/media.jpg',
  });
  expect(contentImage).toMatchObject({
    image: 'https://hostile.example/images/first.png',
    description: 'Body',
  });
  expect(future?.publishingDate).toEqual(seenAt);
  expect(undated).toMatchObject({
    publishingDate: seenAt,
    image: 'https://cdn.hostile.example/cover.png',
  });
  expect(control?.title).toBe('Null \ufffd byte and zerowidth');
});

test('publishing dates: RFC 822 and ISO 8601, zone-less text read as UTC, nonsense ignored', () => {
  expect(publishingDate('Mon, 06 May 2024 10:00:00 +0200', seenAt)).toEqual(
    new Date('2024-05-06T08:00:00Z'),
  );
  expect(publishingDate('2024-05-06 10:00', seenAt)).toEqual(new Date('2024-05-06T10:00:00Z'));
  expect(publishingDate('1970-01-01T00:00:00Z', seenAt)).toEqual(seenAt);
  expect(publishingDate('yesterday-ish', seenAt)).toEqual(seenAt);
  expect(publishingDate(undefined, seenAt)).toEqual(seenAt);
});

test('topics: the source topics plus what the title names, never a loose match', () => {
  expect(
    classifyTopics('Scaling PostgreSQL replication with Kubernetes', '', ['Infrastructure']),
  ).toEqual(
    expect.arrayContaining(['Infrastructure', 'Databases', 'Distributed Systems', 'DevOps']),
  );
  expect(classifyTopics('The rest of the story', 'Type inference in practice', [])).toEqual([]);
});

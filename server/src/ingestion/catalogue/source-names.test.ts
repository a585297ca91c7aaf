import {
  cleanSourceName,
  isPoorSourceName,
  namesWithFeedTitle,
  type NamedSource,
} from './source-names.js';

const imported = (name: string, longName = name): NamedSource => ({
  url_name: 'bytebytego-newsletter',
  name,
  long_name: longName,
  site_url: 'https://blog.bytebytego.com/',
  feed_url: 'https://blog.bytebytego.com/feed',
});

test('slugs, handles and the source address are poor names; human names are not', () => {
  const source = imported('');
  // Titles of the shared corpus's real feeds.
  for (const poor of [
    '',
    'bytebytego-newsletter',
    'cwn',
    'ahrefs',
    'frama-c',
    'talex5',
    'dutherenverseauborddelatable',
  ]) {
    expect([poor, isPoorSourceName(poor, source)]).toEqual([poor, true]);
  }
  for (const address of [
    'blog.bytebytego.com',
    'https://www.blog.bytebytego.com/',
    'Blog.ByteByteGo.com/feed',
  ]) {
    expect([address, isPoorSourceName(address, source)]).toEqual([address, true]);
  }
  for (const human of [
    'ByteByteGo Newsletter',
    'Rust',
    'Grab Tech',
    'Goodfire - Research',
    'xAI News',
    'caml weekly news',
    'rust.xml',
  ]) {
    expect([human, isPoorSourceName(human, source)]).toEqual([human, false]);
  }
});

test('a poor name takes the feed title; a human name or a poor title changes nothing', () => {
  expect(namesWithFeedTitle(imported('bytebytego-newsletter'), 'ByteByteGo Newsletter')).toEqual({
    name: 'ByteByteGo Newsletter',
    long_name: 'ByteByteGo Newsletter',
  });
  // Only the poor one of the two names is replaced.
  expect(
    namesWithFeedTitle(imported('ByteByteGo', 'blog.bytebytego.com'), 'ByteByteGo Newsletter'),
  ).toEqual({
    name: 'ByteByteGo',
    long_name: 'ByteByteGo Newsletter',
  });
  expect(namesWithFeedTitle(imported('Caml Weekly News'), 'cwn')).toBeUndefined();
  expect(namesWithFeedTitle(imported('bytebytego-newsletter'), 'bytebytego')).toBeUndefined();
  for (const generic of ['Blog', 'Engineering Blog', 'The Tech Blog', 'Latest News']) {
    expect([generic, namesWithFeedTitle(imported('bytebytego-newsletter'), generic)]).toEqual([
      generic,
      undefined,
    ]);
  }
  // A generic name a person chose is still theirs.
  expect(namesWithFeedTitle(imported('Blog home'), 'ByteByteGo Newsletter')).toBeUndefined();
  expect(namesWithFeedTitle(imported('ByteByteGo'), 'ByteByteGo Newsletter')).toBeUndefined();
});

test('feed titles become clean one-line text of bounded length', () => {
  expect(cleanSourceName('  AT&amp;T\u0000 Tech\n\t Blog &#8211; News ')).toBe(
    'AT&T Tech Blog – News',
  );
  expect(cleanSourceName('Vec<T> & friends')).toBe('Vec<T> & friends');
  const long = cleanSourceName(`${'Very long title '.repeat(30)}`);
  expect(long.length).toBeLessThanOrEqual(200);
  expect(long.endsWith('…')).toBe(true);
});

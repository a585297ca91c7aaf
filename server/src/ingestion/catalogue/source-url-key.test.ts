import { KnownSources } from '../catalogue/known-sources.js';
import { sourceUrlKey } from './source-url-key.js';

const sameKey = (...urls: string[]) => new Set(urls.map((url) => sourceUrlKey(url))).size === 1;

test('scheme, www., host case, default port, trailing slash and tracking do not make two sources', () => {
  expect(
    sameKey(
      'https://engineering.grab.com/feed.xml',
      'http://engineering.grab.com/feed.xml',
      'https://www.Engineering.Grab.com:443/feed.xml',
      'http://engineering.grab.com:80/feed.xml/',
      'https://engineering.grab.com/feed.xml?utm_source=opml#top',
    ),
  ).toBe(true);
  expect(
    sameKey('https://engineering.atspotify.com/feed', 'https://engineering.atspotify.com/feed/'),
  ).toBe(true);
  expect(sameKey('https://x.example/feed?b=2&a=1', 'https://x.example/feed?a=1&b=2')).toBe(true);
});

test('only the format choices of WordPress and Blogger feeds are one feed', () => {
  expect(
    sameKey(
      'https://davidwalsh.name/feed/',
      'https://davidwalsh.name/feed/atom',
      'https://davidwalsh.name/feed/rss2/',
      'https://davidwalsh.name/?feed=rss2',
    ),
  ).toBe(true);
  expect(
    sameKey(
      'http://ambassadortothecomputers.blogspot.com/feeds/posts/default?alt=rss',
      'https://ambassadortothecomputers.blogspot.com/feeds/posts/default',
    ),
  ).toBe(true);
  // A tag's feed, another path, another host, another port: other feeds.
  expect(
    sameKey(
      'https://coherentpdf.com/blog/?tag=ocaml&feed=rss2',
      'https://coherentpdf.com/blog/feed/',
    ),
  ).toBe(false);
  expect(
    sameKey(
      'https://blog.rust-lang.org/feed.xml',
      'https://blog.rust-lang.org/inside-rust/feed.xml',
    ),
  ).toBe(false);
  expect(sameKey('https://blog.golang.org/feed.atom', 'https://go.dev/blog/feed.atom')).toBe(false);
  expect(sameKey('https://x.example/feed', 'https://x.example:8443/feed')).toBe(false);
  expect(sameKey('https://x.example/atom.xml', 'https://x.example/rss.xml')).toBe(false);
  expect(sourceUrlKey('javascript:alert(1)')).toBeUndefined();
  expect(sourceUrlKey(null)).toBeUndefined();
});

test('a known source is found by its feed, or by its site when no other source shares that site', () => {
  const known = new KnownSources([
    { feed_url: 'https://engineering.grab.com/feed.xml', site_url: 'http://engineering.grab.com/' },
    {
      feed_url: 'https://a.blogspot.com/feeds/posts/default',
      site_url: 'https://www.blogger.com/',
    },
    {
      feed_url: 'https://b.blogspot.com/feeds/posts/default',
      site_url: 'https://www.blogger.com/',
    },
  ]);
  expect(known.has({ feed_url: 'http://engineering.grab.com/feed.xml/', site_url: null })).toBe(
    true,
  );
  expect(
    known.has({ feed_url: 'https://grab.example/rss', site_url: 'https://engineering.grab.com' }),
  ).toBe(true);
  expect(
    known.has({
      feed_url: 'https://c.blogspot.com/feeds/posts/default',
      site_url: 'https://blogger.com',
    }),
  ).toBe(false);
  expect(known.has({ feed_url: 'https://new.example/feed', site_url: null })).toBe(false);
  known.addFeed('https://new.example/feed');
  expect(known.has({ feed_url: 'http://new.example/feed', site_url: null })).toBe(true);
});

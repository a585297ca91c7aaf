import { canonicalLink, linkKey } from './canonical-link.js';

test('links are absolute http(s), without fragments or tracking parameters', () => {
  expect(
    canonicalLink('https://Blog.Example.com:443/post?utm_source=rss&id=3&fbclid=x#comments'),
  ).toBe('https://blog.example.com/post?id=3');
  expect(canonicalLink('https://medium.com/p/abc?source=rss----123')).toBe(
    'https://medium.com/p/abc',
  );
  expect(canonicalLink('https://ghost.example/p/?ref=ghost.example')).toBe(
    'https://ghost.example/p/',
  );
  expect(canonicalLink('../post', 'https://example.com/blog/feed/')).toBe(
    'https://example.com/blog/post',
  );
  expect(canonicalLink('javascript:alert(1)')).toBeUndefined();
  expect(canonicalLink('ftp://example.com/file')).toBeUndefined();
  expect(canonicalLink('')).toBeUndefined();
  expect(canonicalLink(`https://example.com/${'a'.repeat(3000)}`)).toBeUndefined();
});

test('http/https, www. and a trailing slash do not make two articles', () => {
  const keys = [
    'http://www.example.com/post/',
    'https://example.com/post',
    'https://www.example.com/post/',
  ].map((link) => linkKey(canonicalLink(link)!));
  expect(new Set(keys)).toEqual(new Set(['example.com/post']));
  expect(linkKey('https://example.com/post?id=1')).not.toBe(
    linkKey('https://example.com/post?id=2'),
  );
});

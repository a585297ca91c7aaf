import { isClientRoute, matchRoute } from '@blogstream/shared/contract';

describe('client routes', () => {
  it('matches :params to exactly one non-empty segment', () => {
    expect(matchRoute('/topic/:topic', '/topic/Security')).toBe(true);
    expect(matchRoute('/topic/:topic', '/topic/')).toBe(false);
    expect(matchRoute('/topic/:topic', '/topic/a/b')).toBe(false);
  });

  it('ignores a trailing slash', () => {
    expect(matchRoute('/my-bookmarks', '/my-bookmarks/')).toBe(true);
    expect(matchRoute('/', '/')).toBe(true);
  });

  it('lets * match the rest of the path', () => {
    expect(matchRoute('/blog/*', '/blog/2026/hello')).toBe(true);
  });

  it('knows every route of the spec and nothing else', () => {
    for (const path of [
      '/',
      '/search',
      '/more-like-this',
      '/my-bookmarks',
      '/source-feed/12',
      '/source-feed/source/netflix',
      '/topic/UX',
      '/collection/7',
      '/subscriptions/articles',
      '/subscriptions/sources',
      '/about/privacy',
      '/about/terms',
      '/about/about',
      '/submit-blog',
      '/reset-password/abc123',
      '/settings',
      '/rss',
      '/blog/',
    ]) {
      expect({ path, known: isClientRoute(path) }).toEqual({ path, known: true });
    }
    expect(isClientRoute('/admin')).toBe(false);
    expect(isClientRoute('/subscriptions/other')).toBe(false);
  });
});

import { clientPath, clientRoutes, isClientRoute, matchRoute } from '@blogstream/shared/contract';

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
      '/read/42',
      '/highlights',
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

describe('paths built from route names', () => {
  it('names each route once', () => {
    const names = clientRoutes.map((route) => route.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('fills :params in, URI-encoded, and puts the other parameters in the query string', () => {
    expect(clientPath('home')).toBe('/');
    expect(clientPath('subscriptionsSources')).toBe('/subscriptions/sources');
    expect(clientPath('topic', { topic: 'AI & Machine Learning' })).toBe(
      '/topic/AI%20%26%20Machine%20Learning',
    );
    expect(clientPath('collection', { collectionId: 7 })).toBe('/collection/7');
    expect(clientPath('search', { searchQuery: 'kafka streams' })).toBe(
      '/search?searchQuery=kafka+streams',
    );
    expect(clientPath('moreLikeThis', { articleId: 42 })).toBe('/more-like-this?articleId=42');
  });

  it('gives the blog area as /blog/ and a post under it', () => {
    expect(clientPath('blog')).toBe('/blog/');
    expect(clientPath('blog', { '*': 'how-search-works' })).toBe('/blog/how-search-works');
  });

  it('builds only paths the table owns', () => {
    for (const path of [
      clientPath('sourceById', { sourceId: 12 }),
      clientPath('sourceByUrlName', { sourceUrlName: 'netflix' }),
      clientPath('resetPassword', { token: 'abc' }),
    ]) {
      expect({ path, known: isClientRoute(path) }).toEqual({ path, known: true });
    }
  });
});

import type { RemoteName } from './remote-names.js';

/**
 * The client routes of the product (spec §2) and the remote that owns each.
 * The server answers every one of them with the shell page; the shell activates the owner.
 * `/` is owned by mfe-feed for signed-in readers and by mfe-static (landing) for visitors.
 */
export interface ClientRoute {
  /** Path pattern with `:param` segments; a trailing `*` matches the rest of the path. */
  pattern: string;
  owner: RemoteName;
  /** Who sees it: the landing page and the home feed share `/`. */
  audience?: 'signedIn' | 'signedOut';
}

export const clientRoutes: readonly ClientRoute[] = [
  { pattern: '/', owner: 'mfe_feed', audience: 'signedIn' },
  { pattern: '/', owner: 'mfe_static', audience: 'signedOut' },
  { pattern: '/search', owner: 'mfe_feed' },
  { pattern: '/more-like-this', owner: 'mfe_feed' },
  { pattern: '/my-bookmarks', owner: 'mfe_feed' },
  { pattern: '/topic/:topic', owner: 'mfe_feed' },
  { pattern: '/collection/:collectionId', owner: 'mfe_feed' },
  { pattern: '/source-feed/source/:sourceUrlName', owner: 'mfe_sources' },
  { pattern: '/source-feed/:sourceId', owner: 'mfe_sources' },
  { pattern: '/subscriptions/articles', owner: 'mfe_sources' },
  { pattern: '/subscriptions/sources', owner: 'mfe_sources' },
  { pattern: '/settings', owner: 'mfe_account' },
  { pattern: '/rss', owner: 'mfe_account' },
  { pattern: '/reset-password/:token', owner: 'mfe_account' },
  { pattern: '/about/privacy', owner: 'mfe_static' },
  { pattern: '/about/terms', owner: 'mfe_static' },
  { pattern: '/about/about', owner: 'mfe_static' },
  { pattern: '/submit-blog', owner: 'mfe_static' },
  { pattern: '/blog', owner: 'mfe_static' },
  { pattern: '/blog/*', owner: 'mfe_static' },
];

function normalisePath(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed === '' ? '/' : trimmed;
}

/** True when `pathname` matches `pattern` (segments compared one by one; `:x` matches any one). */
export function matchRoute(pattern: string, pathname: string): boolean {
  const patternParts = pattern.split('/');
  const pathParts = normalisePath(pathname).split('/');
  for (let index = 0; index < patternParts.length; index += 1) {
    const expected = patternParts[index];
    const actual = pathParts[index];
    if (expected === '*') return true;
    if (actual === undefined) return false;
    if (expected?.startsWith(':')) {
      if (actual === '') return false;
      continue;
    }
    if (expected !== actual) return false;
  }
  return patternParts.length === pathParts.length;
}

/** True when some client route of the product matches the path. */
export function isClientRoute(pathname: string): boolean {
  return clientRoutes.some((route) => matchRoute(route.pattern, pathname));
}

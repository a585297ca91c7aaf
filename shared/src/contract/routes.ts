import type { RemoteName } from './remote-names.js';

/**
 * The client routes of the product (spec §2) and the remote that owns each.
 * The server answers every one of them with the shell page; the shell activates the owner; each
 * remote builds its `<Routes>` from its rows (RemoteRoutes in @blogstream/shared/mfe) and links
 * are built from the route names (`clientPath`).
 * `/` is owned by mfe-feed for signed-in readers and by mfe-static (landing) for visitors.
 */
export interface ClientRoute {
  /** Stable name of the route: what a remote maps to its page and what `clientPath` takes. */
  name: string;
  /** Path pattern with `:param` segments; a trailing `*` matches the rest of the path. */
  pattern: string;
  owner: RemoteName;
  /** Who sees it: the landing page and the home feed share `/`. */
  audience?: 'signedIn' | 'signedOut';
  /** Query parameters the page reads (spec §2: `/search?searchQuery={query}`). */
  query?: readonly string[];
  /**
   * The path carries a secret (a password reset's token): the page is served `no-store` and the
   * service worker never saves it (docs/decisions/0028-installable.md).
   */
  secretInPath?: true;
}

const clientRouteTable = [
  { name: 'home', pattern: '/', owner: 'mfe_feed', audience: 'signedIn' },
  { name: 'landing', pattern: '/', owner: 'mfe_static', audience: 'signedOut' },
  { name: 'search', pattern: '/search', owner: 'mfe_feed', query: ['searchQuery'] },
  { name: 'moreLikeThis', pattern: '/more-like-this', owner: 'mfe_feed', query: ['articleId'] },
  { name: 'bookmarks', pattern: '/my-bookmarks', owner: 'mfe_feed' },
  { name: 'topic', pattern: '/topic/:topic', owner: 'mfe_feed', query: ['digestConfirm'] },
  { name: 'collection', pattern: '/collection/:collectionId', owner: 'mfe_feed' },
  // The reader view and the reader's highlights (docs/decisions/0037).
  { name: 'reader', pattern: '/read/:articleId', owner: 'mfe_feed' },
  { name: 'highlights', pattern: '/highlights', owner: 'mfe_feed' },
  {
    name: 'sourceByUrlName',
    pattern: '/source-feed/source/:sourceUrlName',
    owner: 'mfe_sources',
  },
  { name: 'sourceById', pattern: '/source-feed/:sourceId', owner: 'mfe_sources' },
  { name: 'subscriptionsArticles', pattern: '/subscriptions/articles', owner: 'mfe_sources' },
  { name: 'subscriptionsSources', pattern: '/subscriptions/sources', owner: 'mfe_sources' },
  { name: 'settings', pattern: '/settings', owner: 'mfe_account' },
  { name: 'rss', pattern: '/rss', owner: 'mfe_account' },
  {
    name: 'resetPassword',
    pattern: '/reset-password/:token',
    owner: 'mfe_account',
    secretInPath: true,
  },
  { name: 'privacy', pattern: '/about/privacy', owner: 'mfe_static' },
  { name: 'terms', pattern: '/about/terms', owner: 'mfe_static' },
  { name: 'about', pattern: '/about/about', owner: 'mfe_static' },
  { name: 'submitBlog', pattern: '/submit-blog', owner: 'mfe_static' },
  { name: 'blogRoot', pattern: '/blog', owner: 'mfe_static' },
  // The blog area (spec §2: /blog/): `clientPath('blog')` is the index, `{ '*': slug }` a post.
  { name: 'blog', pattern: '/blog/*', owner: 'mfe_static' },
  // Source health (docs/CONTENT.md, "Source health"): every source's crawl status; one source's is on its own page.
  { name: 'sourcesHealth', pattern: '/sources/health', owner: 'mfe_sources' },
] as const satisfies readonly ClientRoute[];

export const clientRoutes: readonly ClientRoute[] = clientRouteTable;

type ClientRouteRow = (typeof clientRouteTable)[number];

/** The name of every client route. */
export type ClientRouteName = ClientRouteRow['name'];

/** The names of the routes `remote` owns: the pages it must provide. */
export type ClientRouteNameOf<R extends RemoteName> = Extract<ClientRouteRow, { owner: R }>['name'];

type PatternOf<N extends ClientRouteName> = Extract<ClientRouteRow, { name: N }>['pattern'];
type QueryOf<N extends ClientRouteName> =
  Extract<ClientRouteRow, { name: N }> extends { query: readonly (infer Q extends string)[] }
    ? Q
    : never;
type PathParamsOf<P extends string> = P extends `${infer Head}/${infer Rest}`
  ? PathParamsOf<Head> | PathParamsOf<Rest>
  : P extends `:${infer Param}`
    ? Param
    : never;
type ParamValue = string | number;

/** What `clientPath` takes for route `N`: its `:params`; its query parameters and `*` are optional. */
export type ClientPathParams<N extends ClientRouteName> = {
  [K in PathParamsOf<PatternOf<N>>]: ParamValue;
} & { [K in QueryOf<N>]?: ParamValue } & (PatternOf<N> extends `${string}*`
    ? { '*'?: string }
    : unknown);

type ClientPathArgs<N extends ClientRouteName> = [PathParamsOf<PatternOf<N>>] extends [never]
  ? [params?: ClientPathParams<N>]
  : [params: ClientPathParams<N>];

/**
 * The path of route `name`: `:params` filled in (URI-encoded), the rest after `*` as given, any
 * other parameter in the query string. `clientPath('topic', { topic: 'UX' })` is `/topic/UX`,
 * `clientPath('search', { searchQuery: 'raft' })` is `/search?searchQuery=raft`.
 */
export function clientPath<N extends ClientRouteName>(
  name: N,
  ...[params]: ClientPathArgs<N>
): string {
  const route = clientRouteTable.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`No client route is named ${name}`);
  const values = new Map<string, string>();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined) values.set(key, String(value));
  }
  const take = (key: string) => {
    const value = values.get(key) ?? '';
    values.delete(key);
    return value;
  };
  const path = route.pattern
    .split('/')
    .map((segment) => {
      if (segment === '*') return take('*');
      return segment.startsWith(':') ? encodeURIComponent(take(segment.slice(1))) : segment;
    })
    .join('/');
  const search = new URLSearchParams([...values]).toString();
  return search ? `${path}?${search}` : path;
}

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

/** True when the path is a client route's that carries a secret (`secretInPath`). */
export function hasSecretInPath(pathname: string): boolean {
  return clientRoutes.some(
    (route) => route.secretInPath === true && matchRoute(route.pattern, pathname),
  );
}

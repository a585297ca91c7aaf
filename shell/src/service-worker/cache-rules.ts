import {
  API_PREFIX,
  endpointRoutes,
  FEED_ENDPOINTS,
  FIRST_VIEW_ANSWERS_ID,
  hasSecretInPath,
  type EndpointName,
  type FirstViewApiExchange,
} from '@blogstream/shared/contract/browser';

/**
 * What the service worker does with a request (docs/decisions/0028-installable.md):
 * - `page`: a page load; network first, else the page saved for that path, else the shell page.
 *   A page whose path holds a secret (a password reset's token) passes.
 * - `immutable`: a content-hashed file; the saved copy first (it never changes).
 * - `revalidated`: the shell's and remotes' unhashed entries and the remote manifest; network
 *   first, the saved copy offline (a stale entry could name chunks a deploy removed).
 * - `feed`: a page of articles (POST with a JSON body), or a read shown beside one (the reader's
 *   topics); network first, the saved answer to the same call offline, kept per path and body.
 * - `sessionCheck`: the session check (GET), saved so a signed-in reader's saved pages open
 *   signed in; a live answer for someone else than the saved one drops every saved answer.
 * - `session`: a call that signs a reader in or out; it passes, and every saved answer goes.
 * - `pass`: everything else, never saved (other calls, mutations, images, RSS).
 * Whatever the rule, an answer marked `no-store` is never saved (`maySave`).
 */
export type CacheRule =
  'page' | 'immutable' | 'revalidated' | 'feed' | 'sessionCheck' | 'session' | 'pass';

/**
 * The feed pages, the public reads a feed page shows beside them, and the reader's topics (the
 * home's pills beside their feed).
 */
const FEED_CALLS: EndpointName[] = [
  ...FEED_ENDPOINTS,
  'getUserTopics',
  'getAllTopics',
  'sourceInfo',
  'topicDescription',
  'topicSources',
];
const SESSION_CALLS: EndpointName[] = [
  'signIn',
  'signUp',
  'signInWithGoogle',
  'signOut',
  'resetPassword',
];

const CONTENT_HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;
const CACHED_DESTINATIONS = new Set(['script', 'style', 'manifest', 'font']);

function pathPattern(name: EndpointName): RegExp {
  const path = endpointRoutes[name].path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
}

const feedPaths = FEED_CALLS.map(pathPattern);
const sessionCheckPath = pathPattern('checkLoggedIn');
const sessionPaths = SESSION_CALLS.map(pathPattern);

export interface RequestFacts {
  url: URL;
  method: string;
  mode: string;
  destination: string;
  /** The service worker's own origin. */
  origin: string;
}

export function cacheRule({ url, method, mode, destination, origin }: RequestFacts): CacheRule {
  const sameOrigin = url.origin === origin;
  const isApi =
    sameOrigin && (url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`));
  if (isApi) {
    if (sessionPaths.some((path) => path.test(url.pathname))) return 'session';
    if (method === 'GET' && sessionCheckPath.test(url.pathname)) return 'sessionCheck';
    const isFeed = method === 'POST' && feedPaths.some((path) => path.test(url.pathname));
    return isFeed ? 'feed' : 'pass';
  }
  if (method !== 'GET') return 'pass';
  if (mode === 'navigate') return sameOrigin && !hasSecretInPath(url.pathname) ? 'page' : 'pass';
  const isEntry = sameOrigin && url.pathname === '/mfe-manifest.json';
  if (!isEntry && !CACHED_DESTINATIONS.has(destination)) return 'pass';
  return CONTENT_HASHED.test(url.pathname) ? 'immutable' : 'revalidated';
}

/** The key a feed call's answer is saved under: its path and its JSON body (a GET request). */
export function feedCacheKey(url: URL, body: string): string {
  const key = new URL(url.href);
  key.searchParams.set('body', body);
  return key.href;
}

/** Whether an answer may be saved: a success whose `Cache-Control` does not say `no-store`. */
export function maySave(response: Pick<Response, 'ok' | 'headers'>): boolean {
  return response.ok && !/\bno-store\b/i.test(response.headers.get('cache-control') ?? '');
}

/**
 * Who a session check's answer is for: the signed-in reader's e-mail (spec §4: a check returning
 * a user with an e-mail means signed in), `null` for a visitor.
 */
export function readerOf(sessionCheckAnswer: unknown): string | null {
  const email = (sessionCheckAnswer as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email !== '' ? email : null;
}

const FIRST_VIEW_ANSWERS = new RegExp(
  `<script type="application/json" id="${FIRST_VIEW_ANSWERS_ID}">([^<]*)</script>`,
);

/**
 * The calls a signed-in reader's first view made as them, with their answers, which their page
 * carries (FIRST_VIEW_ANSWERS_ID, docs/decisions/0035 "Since"); none in any other page, or in one
 * whose copy is unreadable.
 */
export function firstViewExchangesIn(pageHtml: string): FirstViewApiExchange[] {
  const json = FIRST_VIEW_ANSWERS.exec(pageHtml)?.[1];
  if (json === undefined) return [];
  try {
    const exchanges: unknown = JSON.parse(json);
    return Array.isArray(exchanges) ? (exchanges as FirstViewApiExchange[]) : [];
  } catch {
    return [];
  }
}

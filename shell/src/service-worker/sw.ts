/**
 * The site's service worker, served at /sw.js (a build of its own: config/service-worker.mjs).
 * Installing it saves the shell page and the scripts it starts with; then it answers by the rules
 * of cache-rules.ts, so the shell, the remotes a reader used and their last feed pages load
 * offline. A signed-in reader's home drawn with the page brings the answers it was drawn from,
 * which are saved as the page's own calls would have been. Saved API answers go whenever a reader
 * signs in or out, a call answers 401, or the live session check answers for someone else than
 * the saved one (a session ended on another device, by a password reset or by expiry). An answer
 * marked `no-store` is never saved.
 */
import {
  API_PREFIX,
  endpointRoutes,
  SAVED_COPY_HEADER,
  type FirstViewApiExchange,
} from '@blogstream/shared/contract/browser';
import { cacheRule, feedCacheKey, firstViewExchangesIn, maySave, readerOf } from './cache-rules';

/** Bump to drop every saved file of an older worker. */
const VERSION = 'v1';
const STATIC_CACHE = `blogstream-static-${VERSION}`;
const API_CACHE = `blogstream-api-${VERSION}`;
/** Saved feed answers beyond this many go, oldest first. */
const MAX_FEED_ANSWERS = 30;
/** The shell's content-hashed scripts, listed by its build (config/service-worker.mjs). */
declare const __SHELL_FILES__: readonly string[];

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ServiceWorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const worker = globalThis as unknown as ServiceWorkerScope;
const origin = worker.location.origin;
/** Where the session check's answer is saved, apart from the feed answers it vouches for. */
const sessionCheckKey = new URL(endpointRoutes.checkLoggedIn.path, origin).href;

/**
 * The shell page as a visitor gets it (asked for without cookies: a signed-in reader's `/` comes
 * with their own feed and is never saved), the scripts and preloads the server wrote in, and every
 * other script of the shell: one it loads later (the sign-in dialog) may first be needed offline.
 */
async function precacheShell(): Promise<void> {
  const cache = await caches.open(STATIC_CACHE);
  const page = await fetch('/', { credentials: 'omit' });
  if (!maySave(page)) return;
  const html = await page.clone().text();
  await cache.put('/', page);
  const pageScripts = [
    ...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+\.js)"/g),
  ].map((match) => match[1]!);
  const urls = [...pageScripts, ...__SHELL_FILES__.map((file) => `/${file}`), '/mfe-manifest.json'];
  await Promise.all(
    [...new Set(urls.map((url) => new URL(url, origin).href))].map(async (url) => {
      const response = await fetch(url).catch(() => undefined);
      if (response && maySave(response)) await cache.put(url, response);
    }),
  );
}

/** A saved API answer says so (SAVED_COPY_HEADER): the page then shows it is offline. */
function markedAsSaved(saved: Response): Response {
  const headers = new Headers(saved.headers);
  headers.set(SAVED_COPY_HEADER, '1');
  return new Response(saved.body, { status: saved.status, statusText: saved.statusText, headers });
}

/** The first saved answer under one of `keys`; a saved API answer is marked as such. */
async function savedCopy(cacheName: string, keys: string[]): Promise<Response | undefined> {
  const cache = await caches.open(cacheName);
  for (const key of keys) {
    const saved = await cache.match(key);
    if (saved) return cacheName === API_CACHE ? markedAsSaved(saved) : saved;
  }
  return undefined;
}

async function networkFirst(
  request: Request,
  cacheName: string,
  key: string = request.url,
  fallbacks: string[] = [],
): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.status === 401) await caches.delete(API_CACHE);
    else if (maySave(response)) await (await caches.open(cacheName)).put(key, response.clone());
    return response;
  } catch (error) {
    const saved = await savedCopy(cacheName, [key, ...fallbacks]);
    if (saved) return saved;
    throw error;
  }
}

async function savedFirst(request: Request): Promise<Response> {
  const cache = await caches.open(STATIC_CACHE);
  const saved = await cache.match(request.url);
  if (saved) return saved;
  const response = await fetch(request);
  if (maySave(response)) await cache.put(request.url, response.clone());
  return response;
}

/** Saved feed answers beyond MAX_FEED_ANSWERS go, oldest first. */
async function trimFeedAnswers(): Promise<void> {
  const cache = await caches.open(API_CACHE);
  // The saved session check stays: it says whose the saved answers are.
  const feedKeys = (await cache.keys()).filter((saved) => saved.url !== sessionCheckKey);
  await Promise.all(feedKeys.slice(0, -MAX_FEED_ANSWERS).map((old) => cache.delete(old)));
}

async function feedAnswer(request: Request): Promise<Response> {
  const key = feedCacheKey(new URL(request.url), await request.clone().text());
  const response = await networkFirst(request, API_CACHE, key);
  await trimFeedAnswers();
  return response;
}

async function readerAnswered(response: Response | undefined): Promise<string | null | undefined> {
  if (!response) return undefined;
  return readerOf(
    await response
      .clone()
      .json()
      .catch(() => undefined),
  );
}

let readerChanges: Promise<unknown> = Promise.resolve();

/**
 * Runs work that says whose the saved answers are, and saves answers as theirs, after the work
 * before it: a page's answers saved as one reader's are never dropped half-way by the page's own
 * session check, compared with the saved one before they were saved.
 */
function inTurn(work: () => Promise<void>): Promise<void> {
  const turn = readerChanges.then(work);
  readerChanges = turn.catch(() => undefined);
  return turn;
}

/**
 * Saves a live session check's answer. One for someone else than the saved answer's (a visitor
 * after a reader whose session ended elsewhere, or another reader), or with no saved answer to
 * tell whose the saved answers are, first drops every saved API answer: the next person on the
 * browser is never shown the previous reader's name, feeds or bookmarks offline.
 */
async function adoptSessionCheck(live: Response): Promise<void> {
  const saved = await (await caches.open(API_CACHE)).match(sessionCheckKey);
  const [savedReader, liveReader] = await Promise.all([
    readerAnswered(saved),
    readerAnswered(live),
  ]);
  if (savedReader !== liveReader) await caches.delete(API_CACHE);
  await (await caches.open(API_CACHE)).put(sessionCheckKey, live);
}

/** The session check, network first; the live answer is adopted (adoptSessionCheck). */
async function sessionCheck(request: Request): Promise<Response> {
  let live: Response;
  try {
    live = await fetch(request);
  } catch (error) {
    const saved = await savedCopy(API_CACHE, [sessionCheckKey]);
    if (saved) return saved;
    throw error;
  }
  if (maySave(live)) await inTurn(() => adoptSessionCheck(live.clone()));
  return live;
}

/** A call a first view made, as the request the page would have made, and its answer. */
function asFetched({ url, method, body, status, data }: FirstViewApiExchange) {
  const address = new URL(`${API_PREFIX}${url}`, origin);
  return {
    rule: cacheRule({ url: address, method, mode: 'cors', destination: '', origin }),
    key: body === undefined ? address.href : feedCacheKey(address, JSON.stringify(body)),
    answer: new Response(JSON.stringify(data), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  };
}

/**
 * A signed-in reader's page drawn for them carries the calls its first view made as them
 * (docs/decisions/0035, "Since"), which the page then never makes: its session check is adopted
 * and its feed answers saved, as if the page had asked for them through this worker. Without
 * a session check to say whose they are, nothing is saved.
 */
async function saveFirstViewAnswers(page: Response): Promise<void> {
  const calls = firstViewExchangesIn(await page.text()).map(asFetched);
  const check = calls.find(({ rule }) => rule === 'sessionCheck');
  if (!check || !maySave(check.answer)) return;
  await inTurn(async () => {
    await adoptSessionCheck(check.answer);
    const cache = await caches.open(API_CACHE);
    for (const { rule, key, answer } of calls) {
      if (rule === 'feed' && maySave(answer)) await cache.put(key, answer);
    }
  });
  await trimFeedAnswers();
}

/** A page load, network first; a live page's first-view answers are saved beside it. */
async function pageAnswer(event: FetchEvent, url: URL): Promise<Response> {
  const page = await networkFirst(event.request, STATIC_CACHE, url.origin + url.pathname, ['/']);
  event.waitUntil(saveFirstViewAnswers(page.clone()).catch(() => undefined));
  return page;
}

async function sessionCall(request: Request): Promise<Response> {
  await caches.delete(API_CACHE);
  const response = await fetch(request);
  await caches.delete(API_CACHE);
  return response;
}

worker.addEventListener('install', (event) => {
  event.waitUntil(precacheShell().then(() => worker.skipWaiting()));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('blogstream-') && !name.endsWith(`-${VERSION}`))
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  const rule = cacheRule({
    url,
    method: request.method,
    mode: request.mode,
    destination: request.destination,
    origin,
  });
  if (rule === 'page') {
    event.respondWith(pageAnswer(event, url));
  } else if (rule === 'revalidated') {
    event.respondWith(networkFirst(request, STATIC_CACHE));
  } else if (rule === 'immutable') {
    event.respondWith(savedFirst(request));
  } else if (rule === 'feed') {
    event.respondWith(feedAnswer(request));
  } else if (rule === 'sessionCheck') {
    event.respondWith(sessionCheck(request));
  } else if (rule === 'session') {
    event.respondWith(sessionCall(request));
  }
});

/**
 * The site's service worker, served at /sw.js (a build of its own: config/service-worker.mjs).
 * Installing it saves the shell page and the scripts it starts with; then it answers by the rules
 * of cache-rules.ts, so the shell, the remotes a reader used and their last feed pages load
 * offline. Saved API answers go whenever a reader signs in or out, or a call answers 401.
 */
import { SAVED_COPY_HEADER } from '@blogstream/shared/contract/browser';
import { cacheRule, feedCacheKey } from './cache-rules';

/** Bump to drop every saved file of an older worker. */
const VERSION = 'v1';
const STATIC_CACHE = `blogstream-static-${VERSION}`;
const API_CACHE = `blogstream-api-${VERSION}`;
/** Saved feed answers beyond this many go, oldest first. */
const MAX_FEED_ANSWERS = 30;

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

/** The shell page and what it loads first: its scripts and the preloads the server wrote in. */
async function precacheShell(): Promise<void> {
  const cache = await caches.open(STATIC_CACHE);
  const page = await fetch('/', { credentials: 'same-origin' });
  if (!page.ok) return;
  const html = await page.clone().text();
  await cache.put('/', page);
  const urls = [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+\.js)"/g)].map(
    (match) => new URL(match[1]!, origin).href,
  );
  await Promise.all(
    [...new Set([...urls, new URL('/mfe-manifest.json', origin).href])].map(async (url) => {
      const response = await fetch(url).catch(() => undefined);
      if (response?.ok) await cache.put(url, response);
    }),
  );
}

/** A saved API answer says so (SAVED_COPY_HEADER): the page then shows it is offline. */
function markedAsSaved(saved: Response): Response {
  const headers = new Headers(saved.headers);
  headers.set(SAVED_COPY_HEADER, '1');
  return new Response(saved.body, { status: saved.status, statusText: saved.statusText, headers });
}

async function networkFirst(
  request: Request,
  cacheName: string,
  key: string = request.url,
  fallbacks: string[] = [],
): Promise<Response> {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.status === 401) await caches.delete(API_CACHE);
    else if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    for (const candidate of [key, ...fallbacks]) {
      const saved = await cache.match(candidate);
      if (saved) return cacheName === API_CACHE ? markedAsSaved(saved) : saved;
    }
    throw error;
  }
}

async function savedFirst(request: Request): Promise<Response> {
  const cache = await caches.open(STATIC_CACHE);
  const saved = await cache.match(request.url);
  if (saved) return saved;
  const response = await fetch(request);
  if (response.ok) await cache.put(request.url, response.clone());
  return response;
}

async function feedAnswer(request: Request): Promise<Response> {
  const key = feedCacheKey(new URL(request.url), await request.clone().text());
  const response = await networkFirst(request, API_CACHE, key);
  const cache = await caches.open(API_CACHE);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, -MAX_FEED_ANSWERS).map((old) => cache.delete(old)));
  return response;
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
    event.respondWith(networkFirst(request, STATIC_CACHE, url.origin + url.pathname, ['/']));
  } else if (rule === 'revalidated') {
    event.respondWith(networkFirst(request, STATIC_CACHE));
  } else if (rule === 'immutable') {
    event.respondWith(savedFirst(request));
  } else if (rule === 'feed') {
    event.respondWith(feedAnswer(request));
  } else if (rule === 'session') {
    event.respondWith(sessionCall(request));
  }
});

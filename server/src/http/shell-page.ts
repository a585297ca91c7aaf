import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  clientRoutes,
  FIRST_VIEW_ANSWERS_ID,
  FIRST_VIEW_STATE_ID,
  matchRoute,
  type ClientRoute,
  type FirstViewApiCall,
  type FirstViewApiExchange,
  type RemoteName,
  type RenderFirstView,
} from '@blogstream/shared/contract';
import { kindOfSessionId } from '../db/sessions.js';
import type { RemoteLocation } from './front-end-config.js';
import { parseCookies } from './routes/accounts/cookies.js';
import { sessionCookieName } from './routes/accounts/session-guard.js';

/**
 * A remote's static first view of a route: HTML its build prerendered
 * (`first-view/<route name>.html`), shown until the remote mounts and its first render replaces
 * it. Only for the routes a visitor lands on; no data in it. A first view of data the remote's
 * renderer draws comes first; this is the page's view when the renderer has none.
 */
const STATIC_FIRST_VIEW_ROUTES = new Set<string>(['landing']);

/**
 * A first view of data: a remote's `first-view/renderer.cjs` renders the page for a visitor with
 * the answers of the site's API. Past this the page goes without it: the remote then loads the page
 * as it always does, so a slow answer never delays the page more than this.
 */
export const FIRST_VIEW_RENDER_TIMEOUT_MS = 1_000;

/**
 * What `load` makes of a file, loaded again only when the file changed on disk (a redeployed
 * build); undefined while the file is missing. Requests arriving while a load is under way share it.
 */
class LoadedWhileUnchanged<T> {
  private readonly entries = new Map<string, { mtimeMs: number; value: Promise<T | undefined> }>();

  constructor(private readonly load: (path: string) => Promise<T | undefined>) {}

  async get(path: string): Promise<T | undefined> {
    const mtimeMs = await stat(path).then(
      (stats) => stats.mtimeMs,
      () => undefined,
    );
    if (mtimeMs === undefined) {
      this.entries.delete(path);
      return undefined;
    }
    const cached = this.entries.get(path);
    if (cached?.mtimeMs === mtimeMs) return cached.value;
    const value = this.load(path);
    this.entries.set(path, { mtimeMs, value });
    return value;
  }
}

const readText = (path: string) => readFile(path, 'utf8').catch(() => undefined);

/** A remote's renderer module, required afresh (its older copy dropped from the require cache). */
async function requireRenderer(path: string): Promise<RenderFirstView> {
  const require = createRequire(path);
  delete require.cache[path];
  return (require(path) as { render: RenderFirstView }).render;
}

/**
 * Whether the request may come from a signed-in reader: it carries a signed-in session's cookie
 * (which may have expired). No cookie, or a visitor's pre-session, means a visitor.
 */
function maySignedIn(cookieHeader: string | undefined): boolean {
  const cookies = parseCookies(cookieHeader);
  return [true, false].some(
    (secure) => kindOfSessionId(cookies.get(sessionCookieName(secure))) === 'signedIn',
  );
}

/** The route a path shows: for `/`, the landing page unless a reader may be signed in. */
function routeOf(path: string, visitor: boolean): ClientRoute | undefined {
  const audience = visitor ? 'signedOut' : 'signedIn';
  return clientRoutes.find(
    (route) =>
      matchRoute(route.pattern, path) &&
      (route.audience === undefined || route.audience === audience),
  );
}

/**
 * A preload the shell's page carries for a signed-in reader's page only (the HTTP client's
 * transport, which a visitor's first view never loads: config/preload-startup-chunks.mjs).
 */
const SIGNED_IN_PRELOAD = /<link\b[^>]*\bdata-audience="signedIn"[^>]*>/g;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** JSON inside a `<script>` element: no `<`, so no `</script>` or `<!--` can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The scripts the remote's exposed `./app` needs at once (its mf-manifest.json), by file name. */
function exposedAppScripts(manifestText: string | undefined): string[] {
  try {
    const manifest = JSON.parse(manifestText ?? '') as {
      exposes?: { name?: string; assets?: { js?: { sync?: unknown } } }[];
    };
    const app = manifest.exposes?.find((expose) => expose.name === 'app');
    const sync = app?.assets?.js?.sync;
    return Array.isArray(sync) ? sync.filter((file) => typeof file === 'string') : [];
  } catch {
    return [];
  }
}

export interface ShellPageOptions {
  shellDir: string;
  remotes: Record<RemoteName, RemoteLocation>;
  log: FastifyBaseLogger;
}

/** Whom a first view's calls of the API are made as. */
export type FirstViewAudience = 'visitor' | 'reader';

/** The request a shell page answers. */
export interface ShellPageRequest {
  /** Path and query. */
  url: string;
  cookieHeader: string | undefined;
  /**
   * Calls the site's API for a first view of data: as a fresh visitor, or as the reader whose
   * cookies the request carries.
   */
  callApiAs: (audience: FirstViewAudience) => FirstViewApiCall;
}

/** A shell page; `personal` when it holds a reader's own data, which no cache may keep. */
export interface ShellPage {
  html: string;
  personal: boolean;
}

/** A first view and, for one of data, the API answers it shows (FIRST_VIEW_STATE_ID). */
interface FirstView {
  html: string;
  state?: unknown;
  /** A reader's view: the calls it made as them, for their service worker (FIRST_VIEW_ANSWERS_ID). */
  exchanges?: FirstViewApiExchange[];
}

/** `callApi`, noting each call and its answer in `exchanges`. */
function recordingInto(
  exchanges: FirstViewApiExchange[],
  callApi: FirstViewApiCall,
): FirstViewApiCall {
  return async (call) => {
    const answer = await callApi(call);
    exchanges.push({ ...call, ...answer });
    return answer;
  };
}

/**
 * The shell page for one request: the shell's index.html, plus, for the route's owner,
 * `<link rel="preload">` of its remoteEntry.js and of the chunks of its `./app` (so they load in
 * parallel with the shell's own scripts instead of after them), and the remote's first view of
 * the page: for a visitor, or for a signed-in reader on a page of their own (the home feed), one
 * its renderer draws with the API's answers, which go with it for the page's store, else the
 * static one it prerendered, if any. A remote on another origin gets the
 * preload of its entry only: its chunk names and first views are known only to its own build.
 */
export function createShellPage({ shellDir, remotes, log }: ShellPageOptions) {
  const files = new LoadedWhileUnchanged(readText);
  const renderers = new LoadedWhileUnchanged(requireRenderer);

  async function renderedFirstView(
    dir: string,
    request: ShellPageRequest,
    audience: FirstViewAudience,
  ): Promise<FirstView | undefined> {
    try {
      const render = await renderers.get(rendererPath(dir));
      if (!render) return undefined;
      const exchanges: FirstViewApiExchange[] = [];
      const callApi = request.callApiAs(audience);
      const view = await withTimeout(
        render(request.url, audience === 'reader' ? recordingInto(exchanges, callApi) : callApi),
        FIRST_VIEW_RENDER_TIMEOUT_MS,
      );
      if (view === 'timeout') {
        log.warn({ url: request.url }, 'first view took too long; page sent without it');
        return undefined;
      }
      return view && audience === 'reader' ? { ...view, exchanges } : view;
    } catch (error) {
      log.error({ err: error, url: request.url }, 'first view failed; page sent without it');
      return undefined;
    }
  }

  async function remoteParts(route: ClientRoute, request: ShellPageRequest, visitor: boolean) {
    const { dir, baseUrl } = remotes[route.owner];
    const local = !URL.canParse(baseUrl);
    if (local && !(await files.get(join(dir, 'remoteEntry.js')))) return undefined;
    const scripts = local ? exposedAppScripts(await files.get(join(dir, 'mf-manifest.json'))) : [];
    // A reader's page is drawn with their data only where the route is theirs alone (the home
    // feed): a page anyone may see keeps the preloads and the shell's prefetch for them.
    const audience = visitor ? 'visitor' : route.audience === 'signedIn' ? 'reader' : undefined;
    let firstView: FirstView | undefined;
    if (local && audience) firstView = await renderedFirstView(dir, request, audience);
    if (local && !firstView && STATIC_FIRST_VIEW_ROUTES.has(route.name)) {
      const html = await files.get(join(dir, 'first-view', `${route.name}.html`));
      firstView = html === undefined ? undefined : { html };
    }
    return {
      preloads: ['remoteEntry.js', ...scripts].map((file) => `${baseUrl}${file}`),
      firstView,
      personal: audience === 'reader' && firstView !== undefined,
    };
  }

  const rendererPath = (dir: string) => join(dir, 'first-view', 'renderer.cjs');

  /**
   * Loads the renderers of the remotes this process serves, a few megabytes of script each, so
   * that the first visitor after a start does not spend the first view's time allowance on it.
   */
  async function loadRenderers(): Promise<void> {
    const localDirs = Object.values(remotes)
      .filter(({ baseUrl }) => !URL.canParse(baseUrl))
      .map(({ dir }) => dir);
    await Promise.all(
      localDirs.map((dir) =>
        renderers
          .get(rendererPath(dir))
          .catch((error: unknown) =>
            log.error({ err: error, dir }, 'loading a first-view renderer failed'),
          ),
      ),
    );
  }

  /** The page, or undefined while the shell is not built. */
  async function shellPage(request: ShellPageRequest): Promise<ShellPage | undefined> {
    const html = await files.get(join(shellDir, 'index.html'));
    if (html === undefined) return undefined;
    const path = request.url.split('?')[0] ?? '/';
    const visitor = !maySignedIn(request.cookieHeader);
    const route = routeOf(path, visitor);
    const parts = route ? await remoteParts(route, request, visitor) : undefined;
    let page = visitor ? html.replace(SIGNED_IN_PRELOAD, '') : html;
    if (!route || !parts) return { html: page, personal: false };
    if (page.includes('</head>')) {
      const links = parts.preloads
        .map((href) => `<link rel="preload" as="script" href="${escapeAttribute(href)}">`)
        .join('');
      page = page.replace('</head>', () => `${links}</head>`);
    }
    const { firstView } = parts;
    if (firstView) {
      const container = `<div id="single-spa-application:${route.owner}"></div>`;
      const state =
        firstView.state === undefined
          ? ''
          : `<script type="application/json" id="${FIRST_VIEW_STATE_ID}" data-url="${escapeAttribute(request.url)}">${scriptJson(firstView.state)}</script>`;
      // What the service worker would have saved from the page's own calls, which it never makes.
      const answers =
        firstView.exchanges === undefined
          ? ''
          : `<script type="application/json" id="${FIRST_VIEW_ANSWERS_ID}">${scriptJson(firstView.exchanges)}</script>`;
      const withFirstView = `<div id="single-spa-application:${route.owner}">${firstView.html}</div>${state}${answers}`;
      page = page.replace(container, () => withFirstView);
    }
    return { html: page, personal: parts.personal };
  }

  return Object.assign(shellPage, { loadRenderers });
}

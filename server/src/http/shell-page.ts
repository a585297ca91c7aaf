import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  clientRoutes,
  matchRoute,
  type ClientRoute,
  type RemoteName,
} from '@blogstream/shared/contract';
import { kindOfSessionId } from '../db/sessions.js';
import type { RemoteLocation } from '../config.js';
import { parseCookies } from './routes/accounts/cookies.js';
import { sessionCookieName } from './routes/accounts/session-guard.js';

/**
 * A remote's first view of a route: static HTML its build prerendered
 * (`first-view/<route name>.html`), shown until the remote mounts and its first render replaces
 * it. Only for the routes a visitor lands on; no data in it.
 */
const FIRST_VIEW_ROUTES = new Set<string>(['landing']);

/** A file's text, read again only when it changed on disk (a redeployed build). */
class FileCache {
  private readonly entries = new Map<string, { mtimeMs: number; text: string | undefined }>();

  async read(path: string): Promise<string | undefined> {
    const mtimeMs = await stat(path).then(
      (stats) => stats.mtimeMs,
      () => undefined,
    );
    if (mtimeMs === undefined) {
      this.entries.delete(path);
      return undefined;
    }
    const cached = this.entries.get(path);
    if (cached?.mtimeMs === mtimeMs) return cached.text;
    const text = await readFile(path, 'utf8').catch(() => undefined);
    this.entries.set(path, { mtimeMs, text });
    return text;
  }
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
function routeOf(path: string, cookieHeader: string | undefined): ClientRoute | undefined {
  const audience = maySignedIn(cookieHeader) ? 'signedIn' : 'signedOut';
  return clientRoutes.find(
    (route) =>
      matchRoute(route.pattern, path) &&
      (route.audience === undefined || route.audience === audience),
  );
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

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
}

/**
 * The shell page for one request: the shell's index.html, plus, for the route's owner,
 * `<link rel="preload">` of its remoteEntry.js and of the chunks of its `./app` (so they load in
 * parallel with the shell's own scripts instead of after them), and the remote's first view of
 * the route where it prerendered one. A remote on another origin gets the preload of its entry
 * only: its chunk names and first view are known only to its own build.
 */
export function createShellPage({ shellDir, remotes }: ShellPageOptions) {
  const files = new FileCache();

  async function remoteParts(remote: RemoteName, route: ClientRoute) {
    const { dir, baseUrl } = remotes[remote];
    const local = !URL.canParse(baseUrl);
    if (local && !(await files.read(join(dir, 'remoteEntry.js')))) return undefined;
    const scripts = local ? exposedAppScripts(await files.read(join(dir, 'mf-manifest.json'))) : [];
    const firstView =
      local && FIRST_VIEW_ROUTES.has(route.name)
        ? await files.read(join(dir, 'first-view', `${route.name}.html`))
        : undefined;
    return {
      preloads: ['remoteEntry.js', ...scripts].map((file) => `${baseUrl}${file}`),
      firstView,
    };
  }

  /** The page's HTML, or undefined while the shell is not built. */
  return async function shellPage(
    path: string,
    cookieHeader: string | undefined,
  ): Promise<string | undefined> {
    const html = await files.read(join(shellDir, 'index.html'));
    if (html === undefined) return undefined;
    const route = routeOf(path, cookieHeader);
    const parts = route ? await remoteParts(route.owner, route) : undefined;
    if (!route || !parts) return html;
    let page = html;
    if (page.includes('</head>')) {
      const links = parts.preloads
        .map((href) => `<link rel="preload" as="script" href="${escapeAttribute(href)}">`)
        .join('');
      page = page.replace('</head>', () => `${links}</head>`);
    }
    if (parts.firstView) {
      const container = `<div id="single-spa-application:${route.owner}"></div>`;
      const withFirstView = `<div id="single-spa-application:${route.owner}">${parts.firstView}</div>`;
      page = page.replace(container, () => withFirstView);
    }
    return page;
  };
}

import { existsSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, endpointRoutes, type FirstViewApiCall } from '@blogstream/shared/contract';
import {
  hasSecretInPath,
  isClientRoute,
  mfeManifestSchema,
  remoteNames,
  remotePackageDirs,
  type MfeManifest,
} from '@blogstream/shared/contract';
import { parseJsonBody } from '@blogstream/shared/lib';
import { sendApiError } from './api-errors.js';
import { remoteMountPath, type FrontEndConfig } from './front-end-config.js';
import { parseCookies } from './routes/accounts/cookies.js';
import { XSRF_COOKIE } from './routes/accounts/session-guard.js';
import { createShellPage, type FirstViewAudience } from './shell-page.js';
import type { App } from './app-type.js';

const CONTENT_HASHED = /\.[0-9a-f]{8,}\./;
/** The shell's service worker (shell/src/service-worker), revalidated like every entry. */
const SERVICE_WORKER = 'sw.js';

/** Hashed chunks never change; everything else (index.html, remoteEntry.js) is revalidated. */
function cacheControlFor(filePath: string): string {
  return CONTENT_HASHED.test(basename(filePath))
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

function buildManifest(remotes: FrontEndConfig['remotes']): MfeManifest {
  return {
    remotes: Object.fromEntries(
      remoteNames.map((remote) => [remote, { entry: `${remotes[remote].baseUrl}remoteEntry.js` }]),
    ) as MfeManifest['remotes'],
  };
}

const staticOptions = {
  index: false,
  dotfiles: 'ignore',
  cacheControl: false,
  // Directory paths (`/`, `/blog/`) go on to the not-found handler, which knows client routes.
  allowedPath: (pathname: string) => !pathname.endsWith('/'),
} as const;

async function fileExists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** The cookies and XSRF token a first view's calls go with. */
interface ApiCredentials {
  cookie: string;
  xsrfToken: string;
}

/**
 * A fresh visitor session (the session check's answer gives its cookie and XSRF token), so a
 * reader's cookies never go into a page that may be shown to someone else.
 */
async function freshVisitorSession(app: App, request: FastifyRequest): Promise<ApiCredentials> {
  const check = await app.inject({
    method: 'GET',
    url: endpointRoutes.checkLoggedIn.path,
    remoteAddress: request.ip,
  });
  const cookies = check.cookies as { name: string; value: string }[];
  return {
    cookie: cookies.map(({ name, value }) => `${name}=${value}`).join('; '),
    xsrfToken: cookies.find(({ name }) => name === XSRF_COOKIE)?.value ?? '',
  };
}

/**
 * The reader's own session, from the cookies their browser sent with the page's request: their
 * page is drawn with what their own calls would answer, and sent to them alone (`personal`).
 */
function readerSession(request: FastifyRequest): ApiCredentials {
  const cookie = request.headers.cookie ?? '';
  return { cookie, xsrfToken: parseCookies(cookie).get(XSRF_COOKIE) ?? '' };
}

/**
 * Calls the site's own API in process (Fastify's inject) as the person asking for a page would,
 * for the page's first view: from their address, so the call counts as theirs, as a fresh visitor
 * or as the signed-in reader the request's cookies name.
 */
function firstViewApiCall(
  app: App,
  request: FastifyRequest,
  audience: FirstViewAudience,
): FirstViewApiCall {
  let credentials: Promise<ApiCredentials> | undefined;
  return async ({ url, method, body }) => {
    credentials ??=
      audience === 'reader'
        ? Promise.resolve(readerSession(request))
        : freshVisitorSession(app, request);
    const { cookie, xsrfToken } = await credentials;
    const response = await app.inject({
      method: method as 'GET' | 'POST',
      url: `${API_PREFIX}${url}`,
      remoteAddress: request.ip,
      headers: {
        accept: 'application/json',
        cookie,
        'x-xsrf-token': xsrfToken,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { status: response.statusCode, data: parseJsonBody(response.body) };
  };
}

/**
 * The composed site: the manifest, each remote's build under /mfe/<package>/, the shell's build
 * at /, the shell page for every client route, and the 404 answer for everything else.
 */
export async function registerFrontEnd(app: App, frontEnd: FrontEndConfig): Promise<void> {
  const isBuilt = (dir: string, what: string) => {
    if (existsSync(dir)) return true;
    app.log.warn(`${what} is not built (${dir} is missing); build it and restart the server`);
    return false;
  };

  const manifest = buildManifest(frontEnd.remotes);
  app.get(
    '/mfe-manifest.json',
    { schema: { response: { 200: mfeManifestSchema } } },
    (_request, reply) => {
      // Revalidated on every use; `no-cache`, not `no-store`, so the service worker may keep it
      // for offline pages (docs/decisions/0028-installable.md).
      reply.header('cache-control', 'no-cache');
      return manifest;
    },
  );

  for (const remote of remoteNames) {
    const { dir } = frontEnd.remotes[remote];
    if (!isBuilt(dir, remotePackageDirs[remote])) continue;
    await app.register(fastifyStatic, {
      ...staticOptions,
      root: dir,
      prefix: remoteMountPath(remote),
      decorateReply: false,
      setHeaders: (response, path) => {
        response.setHeader('cache-control', cacheControlFor(path));
        // The shell may load remotes from another origin.
        response.setHeader('access-control-allow-origin', '*');
        response.setHeader('cross-origin-resource-policy', 'cross-origin');
      },
    });
  }

  const { shellDir } = frontEnd;
  const shellBuilt = isBuilt(shellDir, 'shell');
  if (shellBuilt) {
    await app.register(fastifyStatic, {
      ...staticOptions,
      root: shellDir,
      setHeaders: (response, path) => {
        response.setHeader('cache-control', cacheControlFor(path));
        // The service worker lives at the root, so it may control every page of the site.
        if (basename(path) === SERVICE_WORKER) response.setHeader('service-worker-allowed', '/');
      },
    });
  }
  const shellHas = async (file: string) => shellBuilt && fileExists(join(shellDir, file));

  const shellPage = createShellPage({ shellDir, remotes: frontEnd.remotes, log: app.log });
  if (shellBuilt) app.addHook('onListen', async () => void shellPage.loadRenderers());
  const sendShellPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    statusCode: number,
  ) => {
    const page = shellBuilt
      ? await shellPage({
          url: request.url,
          cookieHeader: request.headers.cookie,
          callApiAs: (audience) => firstViewApiCall(app, request, audience),
        })
      : undefined;
    if (page === undefined) {
      return sendApiError(reply, 503, 'SERVICE_UNAVAILABLE', 'The site is not built yet.');
    }
    // A page holding a reader's own data, or whose path holds a secret, is kept by no cache, the
    // service worker's and a shared proxy's included.
    const path = request.url.split('?')[0] ?? '/';
    const cacheControl = page.personal
      ? 'private, no-store'
      : hasSecretInPath(path)
        ? 'no-store'
        : 'no-cache';
    return reply
      .code(statusCode)
      .header('cache-control', cacheControl)
      .type('text/html; charset=utf-8')
      .send(page.html);
  };

  // Browsers always ask for it; a 404 would show as a console error.
  app.get('/favicon.ico', async (_request, reply) =>
    (await shellHas('favicon.ico')) ? reply.sendFile('favicon.ico') : reply.code(204).send(),
  );

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      if (isClientRoute(path)) return sendShellPage(request, reply, 200);
      // The shell renders its own not-found page.
      if (request.headers.accept?.includes('text/html')) return sendShellPage(request, reply, 404);
    }
    return sendApiError(reply, 404, 'NOT_FOUND', isApi ? 'No such API route.' : 'Not found.');
  });
}

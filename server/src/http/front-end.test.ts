import { createHash } from 'node:crypto';
import { apiErrorSchema, mfeManifestSchema } from '@blogstream/shared/contract';
import { THEME_BOOT_SCRIPT, TOPICS } from '@blogstream/shared/lib';
import { buildApp } from '../app.js';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { dirname, join } from 'node:path';
import { fakeBuilds, SHELL_HTML } from '../testing/fake-builds.js';
import { captureLogs } from '../testing/log-capture.js';
import { serve, type ServedApp } from '../testing/serve.js';
import { makeTempDir, testConfig } from '../testing/test-config.js';
import { unusedDb } from '../testing/unused-db.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

/** Writes a built site's files (paths relative to the public directory). */
function writeBuilt(publicDir: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(publicDir, path)), { recursive: true });
    writeFileSync(join(publicDir, path), content);
  }
}

async function serveWith(env: NodeJS.ProcessEnv, logger?: ReturnType<typeof captureLogs>) {
  return serve(
    await buildApp({
      config: testConfig({ LOG_LEVEL: 'warn', ...env }),
      db: unusedDb,
      ...(logger ? { logger } : {}),
    }),
  );
}

describe('with the shell and three remotes built', () => {
  const logs = captureLogs();
  let app: ServedApp;

  beforeAll(async () => {
    const publicDir = fakeBuilds(['mfe-feed', 'mfe-account', 'mfe-sources']);
    app = await serveWith({ PUBLIC_DIR: publicDir }, logs);
  });

  afterAll(() => app.close());

  test('the manifest points each remote at its entry under /mfe/ and is revalidated on every use', async () => {
    const response = await app.fetch('/mfe-manifest.json');

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(mfeManifestSchema.parse(await response.json())).toEqual({
      remotes: {
        mfe_feed: { entry: '/mfe/mfe-feed/remoteEntry.js' },
        mfe_account: { entry: '/mfe/mfe-account/remoteEntry.js' },
        mfe_sources: { entry: '/mfe/mfe-sources/remoteEntry.js' },
        mfe_static: { entry: '/mfe/mfe-static/remoteEntry.js' },
      },
    });
  });

  test('remote entries are revalidated, hashed chunks cached for a year, both loadable cross-origin', async () => {
    const entry = await app.fetch('/mfe/mfe-feed/remoteEntry.js');
    const manifest = await app.fetch('/mfe/mfe-feed/mf-manifest.json');
    const chunk = await app.fetch('/mfe/mfe-feed/src_app.0a1b2c3d4e.js');

    expect(entry.status).toBe(200);
    expect(entry.headers.get('content-type')).toMatch(/javascript/);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(chunk.headers.get('cache-control')).toBe(IMMUTABLE);
    for (const response of [entry, chunk]) {
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    }
  });

  test("the shell's files are served at / with the same caching", async () => {
    const main = await app.fetch('/main.js');
    const chunk = await app.fetch('/bootstrap.3f9a1c2b.js');
    const index = await app.fetch('/index.html');

    expect(main.headers.get('cache-control')).toBe('no-cache');
    expect(chunk.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(main.headers.get('access-control-allow-origin')).toBeNull();
  });

  test.each([
    '/',
    '/search?searchQuery=rust',
    '/topic/databases',
    '/collection/5',
    '/source-feed/source/netflix',
    '/blog/',
    '/blog/2024/some-post',
  ])('the client route %s gets the shell page', async (path) => {
    const response = await app.fetch(path);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(SHELL_HTML);
  });

  test('a password reset page, its token in the path, is kept by no cache', async () => {
    const response = await app.fetch('/reset-password/abc123');

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toBe(SHELL_HTML);
  });

  test('an unknown page gets the shell (which shows not-found) with status 404', async () => {
    const response = await app.fetch('/no/such/page', { headers: html });

    expect(response.status).toBe(404);
    expect(await response.text()).toBe(SHELL_HTML);
  });

  test('an unknown path asked for by code, or under /api, is a JSON 404', async () => {
    for (const [path, headers] of [
      ['/no/such/page', { accept: 'application/json' }],
      ['/mfe/mfe-static/remoteEntry.js', {}],
      ['/api/no-such-call', html],
    ] as const) {
      const response = await app.fetch(path, { headers });

      expect(response.status).toBe(404);
      expect(apiErrorSchema.parse(await response.json()).reason).toBe('NOT_FOUND');
    }
  });

  test('dotfiles in a build are not served', async () => {
    expect((await app.fetch('/.env')).status).toBe(404);
  });

  test('the favicon comes from the shell build', async () => {
    const response = await app.fetch('/favicon.ico');

    expect(response.status).toBe(200);
    expect(await response.text()).toBe('icon');
  });

  test('a missing build is reported at start', () => {
    expect(logs.text()).toMatch(/mfe-static is not built \(.*mfe-static is missing\)/);
  });

  test('pages carry the security headers', async () => {
    const { headers } = await app.fetch('/');

    const csp = headers.get('content-security-policy') ?? '';
    expect(csp.split(';')).toEqual(
      expect.arrayContaining([
        "default-src 'self'",
        `script-src 'self' 'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`,
        "connect-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' https: http: data:",
        "object-src 'none'",
        "base-uri 'self'",
        "frame-ancestors 'none'",
      ]),
    );
    expect(csp).not.toContain('unsafe-eval');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('referrer-policy')).toBe('no-referrer');
  });
});

describe('with a remote moved to another origin', () => {
  let app: ServedApp;

  beforeAll(async () => {
    app = await serveWith({ MFE_FEED_URL: 'https://cdn.example/mfe-feed' });
  });

  afterAll(() => app.close());

  test('the manifest points that remote at its URL', async () => {
    const manifest = mfeManifestSchema.parse(await (await app.fetch('/mfe-manifest.json')).json());

    expect(manifest.remotes.mfe_feed).toEqual({
      entry: 'https://cdn.example/mfe-feed/remoteEntry.js',
    });
    expect(manifest.remotes.mfe_account).toEqual({ entry: '/mfe/mfe-account/remoteEntry.js' });
  });

  test('the content security policy lets scripts and requests reach that origin', async () => {
    const csp = (await app.fetch('/')).headers.get('content-security-policy') ?? '';

    expect(csp).toMatch(/script-src 'self' https:\/\/cdn\.example '/);
    expect(csp).toContain("connect-src 'self' https://cdn.example;");
  });
});

describe('with nothing built', () => {
  let app: ServedApp;

  beforeAll(async () => {
    app = await serveWith({});
  });

  afterAll(() => app.close());

  test('pages answer 503 until the site is built', async () => {
    const response = await app.fetch('/search', { headers: html });

    expect(response.status).toBe(503);
    expect(apiErrorSchema.parse(await response.json()).reason).toBe('SERVICE_UNAVAILABLE');
  });

  test('the favicon is an empty answer rather than a 404', async () => {
    expect((await app.fetch('/favicon.ico')).status).toBe(204);
  });
});

describe('the shell page of a route', () => {
  const readerPreload =
    '<link rel="preload" as="script" href="/http-client.0a1b2c3d4e5f.js" data-audience="signedIn">';
  const visitorShellPage =
    '<!doctype html><html><head><title>Blogstream</title><script defer src="/main.js"></script></head>' +
    '<body><div id="single-spa-application:mfe_feed"></div>' +
    '<div id="single-spa-application:mfe_static"></div></body></html>';
  const shellPage = visitorShellPage.replace('</head>', `${readerPreload}</head>`);
  const firstView = '<div data-first-view="landing" inert><h1>The best blogs</h1></div>';
  const preload = (href: string) => `<link rel="preload" as="script" href="${href}">`;
  let app: ServedApp;

  function manifestExposing(...files: string[]) {
    return JSON.stringify({
      exposes: [{ name: 'app', assets: { js: { sync: files, async: [] } } }],
    });
  }

  beforeAll(async () => {
    const publicDir = makeTempDir('public');
    const files: Record<string, string> = {
      'shell/index.html': shellPage,
      'mfe-static/remoteEntry.js': 'var mfe_static;',
      'mfe-static/mf-manifest.json': manifestExposing(
        '500.0a1b2c3d4e5f.js',
        'expose.1a2b3c4d5e6f.js',
      ),
      'mfe-static/first-view/landing.html': firstView,
      'mfe-feed/remoteEntry.js': 'var mfe_feed;',
      'mfe-feed/mf-manifest.json': manifestExposing('338.0a1b2c3d4e5f.js'),
    };
    writeBuilt(publicDir, files);
    app = await serveWith({ PUBLIC_DIR: publicDir });
  });

  afterAll(() => app.close());

  test("gives a visitor's / the landing page's first view and preloads mfe-static's app", async () => {
    const response = await app.fetch('/');
    const page = await response.text();

    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(page).toContain(
      preload('/mfe/mfe-static/remoteEntry.js') +
        preload('/mfe/mfe-static/500.0a1b2c3d4e5f.js') +
        preload('/mfe/mfe-static/expose.1a2b3c4d5e6f.js') +
        '</head>',
    );
    expect(page).toContain(`<div id="single-spa-application:mfe_static">${firstView}</div>`);
    expect(page).toContain('<div id="single-spa-application:mfe_feed"></div>');
  });

  test("a visitor's pre-session cookie still gets the landing page", async () => {
    const cookie = `bs_session=p.${'a'.repeat(43)}`;
    const page = await (await app.fetch('/', { headers: { cookie } })).text();

    expect(page).toContain(firstView);
  });

  test("a reader who may be signed in gets the home feed's preloads at /, and no landing page", async () => {
    const cookie = `bs_session=s.${'a'.repeat(43)}`;
    const page = await (await app.fetch('/', { headers: { cookie } })).text();

    expect(page).toContain(preload('/mfe/mfe-feed/remoteEntry.js'));
    expect(page).not.toContain('mfe-static/remoteEntry.js');
    expect(page).not.toContain(firstView);
  });

  test('preloads the owner of any other route, which has no first view', async () => {
    const page = await (await app.fetch('/search?searchQuery=rust')).text();

    expect(page).toContain(
      preload('/mfe/mfe-feed/remoteEntry.js') + preload('/mfe/mfe-feed/338.0a1b2c3d4e5f.js'),
    );
    expect(page).not.toContain(firstView);
  });

  test('preloads nothing for a remote that is not built, nor on a page nobody owns', async () => {
    const privacy = await (await app.fetch('/about/privacy')).text();
    expect(privacy).toContain(preload('/mfe/mfe-static/remoteEntry.js'));

    const sources = await (await app.fetch('/source-feed/source/netflix')).text();
    expect(sources).toBe(visitorShellPage);

    const missing = await app.fetch('/no/such/page', { headers: html });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe(visitorShellPage);
  });

  test("preloads the HTTP client for a reader's page only: a visitor's first view calls nothing", async () => {
    const cookie = `bs_session=s.${'a'.repeat(43)}`;
    for (const path of ['/', '/search?searchQuery=rust', '/no/such/page']) {
      const readers = await (await app.fetch(path, { headers: { cookie, ...html } })).text();
      const visitors = await (await app.fetch(path, { headers: html })).text();
      expect(readers).toContain(readerPreload);
      expect(visitors).not.toContain('http-client');
    }
  });
});

describe('the shell page of a route whose remote lives on another origin', () => {
  let app: ServedApp;

  beforeAll(async () => {
    const publicDir = fakeBuilds(['mfe-static']);
    writeFileSync(
      join(publicDir, 'shell/index.html'),
      '<html><head></head><body><div id="single-spa-application:mfe_static"></div></body></html>',
    );
    mkdirSync(join(publicDir, 'mfe-static/first-view'));
    writeFileSync(join(publicDir, 'mfe-static/first-view/landing.html'), '<div data-first-view>');
    app = await serveWith({ PUBLIC_DIR: publicDir, MFE_STATIC_URL: 'https://cdn.example/static' });
  });

  afterAll(() => app.close());

  test('preloads its entry only: its chunks and first view are known to its own build', async () => {
    const page = await (await app.fetch('/')).text();

    expect(page).toBe(
      '<html><head><link rel="preload" as="script" href="https://cdn.example/static/remoteEntry.js">' +
        '</head><body><div id="single-spa-application:mfe_static"></div></body></html>',
    );
  });
});

describe("the landing page's first view: of data from mfe-static's renderer, else its static one", () => {
  const shellPage =
    '<!doctype html><html><head></head><body>' +
    '<div id="single-spa-application:mfe_static"></div></body></html>';
  const staticView = '<div data-first-view="landing" inert><h1>The best blogs</h1></div>';
  // Asks the API a call that needs no database (this app has none), as the real one asks for the
  // demo articles.
  const renderer = `
    exports.render = async (url, callApi) => {
      if (url === '/?declined') return undefined;
      const topics = await callApi({ url: '/get_all_topics', method: 'POST', body: {} });
      return {
        html: '<div data-first-view="landing" inert><h1>The best blogs</h1>' + topics.status + '</div>',
        state: { api: { queries: {} } },
      };
    };`;
  let app: ServedApp;

  beforeAll(async () => {
    const publicDir = makeTempDir('public');
    const files: Record<string, string> = {
      'shell/index.html': shellPage,
      'mfe-static/remoteEntry.js': 'var mfe_static;',
      'mfe-static/first-view/landing.html': staticView,
      'mfe-static/first-view/renderer.cjs': renderer,
    };
    writeBuilt(publicDir, files);
    app = await serveWith({ PUBLIC_DIR: publicDir });
  });

  afterAll(() => app.close());

  test("gives a visitor the landing page drawn from the API's answer", async () => {
    const page = await (await app.fetch('/')).text();

    expect(page).toContain(
      '<div data-first-view="landing" inert><h1>The best blogs</h1>200</div></div>' +
        '<script type="application/json" id="first-view-state" data-url="/">',
    );
  });

  test('falls back to the static landing page when the renderer draws none', async () => {
    const page = await (await app.fetch('/?declined')).text();

    expect(page).toContain(`<div id="single-spa-application:mfe_static">${staticView}</div>`);
    expect(page).not.toContain('first-view-state');
  });
});

describe("a remote's renderer, loaded when the server starts listening", () => {
  const shellPage =
    '<!doctype html><html><head></head><body>' +
    '<div id="single-spa-application:mfe_feed"></div></body></html>';
  let app: ServedApp;
  let loadsFile: string;

  beforeAll(async () => {
    const publicDir = makeTempDir('public');
    loadsFile = join(publicDir, 'renderer-loads.txt');
    // Each time the module is loaded it appends a line, so the test can count the loads.
    const renderer = `
      require('node:fs').appendFileSync(${JSON.stringify(loadsFile)}, 'loaded\\n');
      exports.render = async () => ({ html: '<div data-first-view="search" inert></div>' });`;
    const files: Record<string, string> = {
      'shell/index.html': shellPage,
      'mfe-feed/remoteEntry.js': 'var mfe_feed;',
      'mfe-feed/first-view/renderer.cjs': renderer,
    };
    writeBuilt(publicDir, files);
    app = await serveWith({ PUBLIC_DIR: publicDir });
  });

  afterAll(() => app.close());

  const loads = () =>
    existsSync(loadsFile) ? readFileSync(loadsFile, 'utf8').split('\n').length - 1 : 0;

  test('is loaded before the first page is asked for, and once for the pages after', async () => {
    for (let waited = 0; loads() === 0 && waited < 10_000; waited += 50) await sleep(50);
    expect(loads()).toBe(1);

    const pages = await Promise.all(
      ['/search?searchQuery=rust', '/search?searchQuery=go'].map(async (url) =>
        (await app.fetch(url)).text(),
      ),
    );
    for (const page of pages) expect(page).toContain('data-first-view="search"');
    expect(loads()).toBe(1);
  });
});

describe("the shell page of a page of data, drawn by its remote's renderer", () => {
  const shellPage =
    '<!doctype html><html><head></head><body>' +
    '<div id="single-spa-application:mfe_feed"></div></body></html>';
  const logs = captureLogs();
  let app: ServedApp;

  /**
   * A renderer as mfe-feed builds one (first-view/renderer.cjs): it asks the API a POST, as a
   * feed does, and draws what it got; the address decides how it misbehaves.
   */
  const renderer = `
    exports.render = async (url, callApi) => {
      if (url.startsWith('/search?searchQuery=broken')) throw new Error('renderer bug');
      if (url.startsWith('/topic/')) throw new Error('renderer bug drawing ' + url);
      if (url.startsWith('/search?searchQuery=slow')) return new Promise(() => {});
      if (!url.startsWith('/search')) return undefined;
      const topics = await callApi({ url: '/get_all_topics', method: 'POST', body: {} });
      return {
        html: '<div data-first-view="search" inert>' + topics.status + ' ' + topics.data[0] + '</div>',
        state: { api: { queries: { note: '</script><script>alert(1)</script>' } } },
      };
    };`;

  beforeAll(async () => {
    const publicDir = makeTempDir('public');
    const files: Record<string, string> = {
      'shell/index.html': shellPage,
      'mfe-feed/remoteEntry.js': 'var mfe_feed;',
      'mfe-feed/first-view/renderer.cjs': renderer,
    };
    writeBuilt(publicDir, files);
    app = await serveWith({ PUBLIC_DIR: publicDir }, logs);
  });

  afterAll(() => app.close());

  test("gives a visitor the page drawn from the API's answers, with the answers for the store", async () => {
    const page = await (await app.fetch('/search?searchQuery=rust')).text();

    expect(page).toContain(
      '<div id="single-spa-application:mfe_feed">' +
        `<div data-first-view="search" inert>200 ${TOPICS[0]}</div></div>` +
        '<script type="application/json" id="first-view-state" data-url="/search?searchQuery=rust">',
    );
    const state = /id="first-view-state"[^>]*>(.*?)<\/script>/.exec(page)?.[1] ?? '';
    expect(state).not.toContain('<');
    expect(JSON.parse(state)).toEqual({
      api: { queries: { note: '</script><script>alert(1)</script>' } },
    });
  });

  test('draws nothing for a reader who may be signed in: their feeds are their own', async () => {
    const cookie = `bs_session=s.${'a'.repeat(43)}`;
    const page = await (
      await app.fetch('/search?searchQuery=rust', { headers: { cookie } })
    ).text();

    expect(page).not.toContain('data-first-view');
    expect(page).not.toContain('first-view-state');
  });

  test('sends the page without a first view when the renderer fails, hangs or has none', async () => {
    for (const url of ['/search?searchQuery=broken', '/search?searchQuery=slow', '/my-bookmarks']) {
      const response = await app.fetch(url);
      expect(response.status).toBe(200);
      const page = await response.text();
      expect(page).toContain('<div id="single-spa-application:mfe_feed"></div></body>');
      expect(page).not.toContain('first-view-state');
    }
    const messages = logs.entries().map((entry) => entry.msg);
    expect(messages).toContain('first view failed; page sent without it');
    expect(messages).toContain('first view took too long; page sent without it');
  });

  test('a first view that fails on a digest confirmation link logs the link without its token', async () => {
    const response = await app.fetch('/topic/security?digestConfirm=c0nf1rm-t0k3n');
    expect(response.status).toBe(200);
    await response.arrayBuffer();

    const failure = logs
      .entries()
      .find(
        (entry) =>
          entry.msg === 'first view failed; page sent without it' &&
          String(entry.url).startsWith('/topic/'),
      );
    expect(failure).toMatchObject({
      url: '/topic/security?digestConfirm=[redacted]',
      err: { message: 'renderer bug drawing /topic/security?digestConfirm=[redacted]' },
    });
    expect(logs.text()).not.toContain('c0nf1rm-t0k3n');
  });
});

import { apiErrorSchema, mfeManifestSchema } from '@blogstream/shared/contract';
import { buildApp } from '../app.js';
import { fakeBuilds, SHELL_HTML } from '../testing/fake-builds.js';
import { captureLogs } from '../testing/log-capture.js';
import { serve, type ServedApp } from '../testing/serve.js';
import { testConfig } from '../testing/test-config.js';
import { unusedDb } from '../testing/unused-db.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

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

  test('the manifest points each remote at its entry under /mfe/ and is never cached', async () => {
    const response = await app.fetch('/mfe-manifest.json');

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
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
    '/reset-password/abc123',
    '/blog/',
    '/blog/2024/some-post',
  ])('the client route %s gets the shell page', async (path) => {
    const response = await app.fetch(path);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
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
        "script-src 'self'",
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

    expect(csp).toContain("script-src 'self' https://cdn.example;");
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

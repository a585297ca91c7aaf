import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { accountsTestConfig, type TestReader } from '../testing/accounts-harness.js';
import { routeTestSite } from '../testing/route-test-site.js';
import { makeTempDir } from '../testing/test-config.js';

/**
 * A renderer as mfe-feed builds one, drawing the home feed's first view: who the session check
 * names and their topics (a POST, which needs the session's XSRF token), or nothing for anyone
 * the check does not name.
 */
const renderer = `
  exports.render = async (url, callApi) => {
    if (url !== '/') return undefined;
    const [session, topics] = await Promise.all([
      callApi({ url: '/check_logged_in', method: 'GET', body: undefined }),
      callApi({ url: '/get_user_topics', method: 'POST', body: {} }),
    ]);
    if (!session.data || !session.data.email || topics.status !== 200) return undefined;
    return {
      html: '<div data-first-view="home" inert>' + session.data.email + ': ' + topics.data.join(', ') + '</div>',
      state: { api: { queries: {} } },
    };
  };`;

/** A public folder holding the shell's page and the renderer of mfe-feed's first view. */
function publicDirWithRenderer(): string {
  const publicDir = makeTempDir('public');
  const files: Record<string, string> = {
    'shell/index.html':
      '<!doctype html><html><head></head><body>' +
      '<div id="single-spa-application:mfe_feed"></div></body></html>',
    'mfe-feed/remoteEntry.js': 'var mfe_feed;',
    'mfe-feed/first-view/renderer.cjs': renderer,
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(publicDir, path)), { recursive: true });
    writeFileSync(join(publicDir, path), content);
  }
  return publicDir;
}

const site = routeTestSite('embedded', {
  config: () => accountsTestConfig({ env: { PUBLIC_DIR: publicDirWithRenderer() } }),
});
let reader: TestReader;

beforeAll(async () => {
  reader = await site.signIn('Ada');
  await reader.client.postJson('/api/save_user_topics', { topics: ['Databases', 'Security'] });
});

test("a signed-in reader's home comes drawn with their own answers, for them alone", async () => {
  const response = await reader.client.get('/', { accept: 'text/html' });
  const page = await response.text();

  expect(page).toContain(
    `<div data-first-view="home" inert>${reader.email}: Databases, Security</div>`,
  );
  expect(page).toContain('id="first-view-state" data-url="/"');
  expect(response.headers.get('cache-control')).toBe('private, no-store');
});

test("a reader's page carries the calls their first view made, for their service worker", async () => {
  const page = await (await reader.client.get('/', { accept: 'text/html' })).text();

  const answers = /<script type="application\/json" id="first-view-answers">([^<]*)<\/script>/.exec(
    page,
  );
  expect(JSON.parse(answers?.[1] ?? '[]')).toEqual(
    expect.arrayContaining([
      {
        url: '/check_logged_in',
        method: 'GET',
        status: 200,
        data: expect.objectContaining({ email: reader.email }),
      },
      {
        url: '/get_user_topics',
        method: 'POST',
        body: {},
        status: 200,
        data: ['Databases', 'Security'],
      },
    ]),
  );
});

test("a visitor's page never holds a reader's, and stays revalidated", async () => {
  const visitor = await site.server.client();
  const response = await visitor.get('/', { accept: 'text/html' });

  const page = await response.text();
  expect(page).not.toContain('data-first-view');
  expect(page).not.toContain('first-view-answers');
  expect(response.headers.get('cache-control')).toBe('no-cache');
});

test('a session cookie that names no session any more gets the page without a first view', async () => {
  const cookie = `bs_session=s.${'a'.repeat(43)}`;

  const response = await site.server.fetch('/', { headers: { cookie, accept: 'text/html' } });

  expect(await response.text()).not.toContain('data-first-view');
  expect(response.headers.get('cache-control')).toBe('no-cache');
});

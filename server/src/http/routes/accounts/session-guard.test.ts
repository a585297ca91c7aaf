import { sweepExpired } from '../../../db/expired-rows.js';
import { sha256Hex } from '../../../lib/tokens.js';
import {
  insertArticle,
  insertSource,
  readError,
  solveCaptcha,
  uniqueEmail,
  type TestReader,
} from '../../../testing/accounts-harness.js';
import { snapshotDatabase } from '../../../testing/db-snapshot.js';
import { apiRoutes } from '../../../testing/route-list.js';
import { routeTestSite } from '../../../testing/route-test-site.js';

let reader: TestReader;
let postId: number;
let sourceId: number;
let collectionId: number;

const site = routeTestSite('embedded', {
  seed: async (db) => {
    sourceId = await insertSource(db);
    postId = await insertArticle(db, sourceId);
  },
});

beforeAll(async () => {
  reader = await site.signIn();
  ({ collection_id: collectionId } = await reader.client.postJson<{ collection_id: number }>(
    '/api/create_collection',
    { collectionName: 'Mine' },
  ));
});

function sessionCookieOf(response: Response): string | undefined {
  return response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('bs_session='))
    ?.split(';')[0]
    ?.slice('bs_session='.length);
}

/** A body each call would accept, so only the XSRF check stands between it and a change. */
async function plausibleBody(path: string): Promise<unknown> {
  const bodies: Record<string, unknown> = {
    '/api/signup_with_email': {
      name: 'Mallory',
      email: uniqueEmail('forged'),
      password: 'long enough password',
      recaptchaVerifyToken: await solveCaptcha(site.server),
    },
    '/api/signin_with_email': { email: reader.email, password: reader.password },
    '/api/forgot_password': {
      email: reader.email,
      recaptchaVerifyToken: await solveCaptcha(site.server),
    },
    '/api/reset_password': { token: 'x'.repeat(43), newPassword: 'long enough password' },
    '/api/sso_google': { id_token: 'a.b.c' },
    '/api/save_user_topics': { topics: ['Security'] },
    '/api/save_user_settings': { settings: { email_digest_frequency: 2 } },
    '/api/bookmark_post': { postId },
    '/api/remove_bookmark': { postId },
    '/api/create_collection': { collectionName: 'Forged' },
    '/api/rename_collection': { collectionId, collectionName: 'Forged' },
    '/api/delete_collection': { collectionId },
    '/api/add_article_to_collection': { postId, collectionId },
    '/api/remove_article_from_collection': { postId, collectionId },
    '/api/follow_source': { sourceId },
    '/api/unfollow_source': { sourceId },
    '/api/update_subscriptions_seen': {},
    '/api/submit_source': {
      name: 'Forged blog',
      url: 'https://forged.example/',
      email: uniqueEmail('submitter'),
      recaptchaVerifyToken: await solveCaptcha(site.server),
    },
  };
  return bodies[path] ?? { queryData: null, offset: 0, limit: 12, collectionId, postId, sourceId };
}

describe('XSRF: every POST under /api', () => {
  test('the route list is read from the app and holds the account calls', () => {
    const routes = apiRoutes(site.server.app, 'POST');
    expect(routes).toEqual(
      expect.arrayContaining([
        '/api/signup_with_email',
        '/api/signin_with_email',
        '/api/forgot_password',
        '/api/sso_google',
        '/api/bookmark_post',
        '/api/get_articles_in_collection/:collectionId',
        '/api/submit_source',
      ]),
    );
  });

  test('is refused without a valid token from this session, and changes nothing', async () => {
    const victim = reader.client;
    const attacker = await site.server.client();
    const victimToken = victim.cookie('XSRF-TOKEN') ?? '';
    const attempts: [string, Record<string, string>][] = [
      ['missing token', { 'x-xsrf-token': '' }],
      ['wrong token', { 'x-xsrf-token': 'A'.repeat(43) }],
      ['another session’s token', { 'x-xsrf-token': attacker.cookie('XSRF-TOKEN') ?? '' }],
      ['cross-site', { 'x-xsrf-token': victimToken, 'sec-fetch-site': 'cross-site' }],
    ];
    const routes = apiRoutes(site.server.app, 'POST');
    const before = await snapshotDatabase(site.db);

    for (const route of routes) {
      const path = route.replace(':collectionId', String(collectionId));
      const body = await plausibleBody(route);
      for (const [attempt, headers] of attempts) {
        const response = await victim.post(path, body, headers);
        const answer = await readError(response);
        expect({ route, attempt, status: response.status, reason: answer.reason }).toEqual({
          route,
          attempt,
          status: 403,
          reason: 'XSRF_TOKEN_INVALID',
        });
      }
    }
    // Solving captchas above wrote nothing either: challenges are not stored.
    expect(await snapshotDatabase(site.db)).toEqual(before);
  });

  test('passes with the session’s own token', async () => {
    expect(await reader.client.postJson('/api/bookmark_post', { postId })).toEqual({
      bookmarked: true,
    });
  });

  test('a body in another content type is refused before it is read', async () => {
    const before = await snapshotDatabase(site.db);
    const response = await reader.client.postText('/api/create_collection', 'collectionName=x', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(response.status).toBe(415);
    expect((await readError(response)).reason).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await snapshotDatabase(site.db)).toEqual(before);
  });

  test('sign-out by GET is refused from another site', async () => {
    const response = await reader.client.get('/api/logout', { 'sec-fetch-site': 'cross-site' });
    expect(response.status).toBe(403);
    expect(await reader.client.get('/api/check_logged_in').then((r) => r.json())).toMatchObject({
      email: reader.email,
    });
  });
});

describe('401 for visitors', () => {
  const readerOnly = [
    '/api/get_user_topics',
    '/api/save_user_topics',
    '/api/get_user_settings',
    '/api/save_user_settings',
    '/api/check_subscriptions_unseen',
    '/api/update_subscriptions_seen',
    '/api/bookmark_post',
    '/api/remove_bookmark',
    '/api/bookmarks_feed',
    '/api/get_collections',
    '/api/get_collection',
    '/api/create_collection',
    '/api/rename_collection',
    '/api/delete_collection',
    '/api/get_article_collections',
    '/api/add_article_to_collection',
    '/api/remove_article_from_collection',
    '/api/get_articles_in_collection/:collectionId',
    '/api/follow_source',
    '/api/unfollow_source',
  ];

  test.each(readerOnly)('%s answers 401 UNAUTHORIZED to a visitor', async (route) => {
    const visitor = await site.server.client();
    const path = route.replace(':collectionId', String(collectionId));
    const response = await visitor.post(path, await plausibleBody(route));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ reason: 'UNAUTHORIZED' });
  });

  test('GET /api/fetch_bookmarks_feed answers 401 to a visitor', async () => {
    const response = await (await site.server.client()).get('/api/fetch_bookmarks_feed');
    expect(response.status).toBe(401);
  });
});

describe('session cookies', () => {
  test('the session cookie is httpOnly and Lax; the XSRF cookie is readable by scripts', async () => {
    const response = await site.server.fetch('/api/check_logged_in');
    const [session, xsrf] = response.headers.getSetCookie();
    expect(session).toMatch(
      /^bs_session=p\.[\w-]{43}; Path=\/; Max-Age=\d+; SameSite=Lax; HttpOnly$/,
    );
    expect(xsrf).toMatch(/^XSRF-TOKEN=[\w-]{43}; Path=\/; Max-Age=\d+; SameSite=Lax$/);
  });

  test('over https they are Secure and the session cookie is __Host- prefixed', async () => {
    const https = await site.startAnother({ env: { PUBLIC_URL: 'https://blogstream.example' } });
    const cookies = (await https.fetch('/api/check_logged_in')).headers.getSetCookie();
    expect(cookies[0]).toMatch(/^__Host-bs_session=.*; Secure$/);
    expect(cookies[1]).toMatch(/^XSRF-TOKEN=.*; Secure$/);
  });

  test('sign-in issues a new session id, whatever cookie the browser came with', async () => {
    const planted = `s.${'F'.repeat(43)}`;
    const response = await site.server.fetch('/api/check_logged_in', {
      headers: { cookie: `bs_session=${planted}` },
    });
    expect(await response.json()).toEqual({});
    const preSession = sessionCookieOf(response) ?? '';
    expect(preSession).toMatch(/^p\./);

    const browser = await site.server.client();
    const before = browser.cookie('bs_session');
    const signIn = await browser.post('/api/signin_with_email', {
      email: reader.email,
      password: reader.password,
    });
    const after = sessionCookieOf(signIn);
    expect(after).toMatch(/^s\.[\w-]{43}$/);
    expect(after).not.toBe(before);
    // Stored as a digest only.
    const { rows } = await site.db.query('SELECT 1 FROM sessions WHERE id_hash = $1', [
      sha256Hex(after ?? ''),
    ]);
    expect(rows).toHaveLength(1);
  });

  test('the pre-session XSRF token stops working once signed in', async () => {
    const browser = await site.server.client();
    const preSessionToken = browser.cookie('XSRF-TOKEN') ?? '';
    await browser.postJson('/api/signin_with_email', {
      email: reader.email,
      password: reader.password,
    });
    const response = await browser.post(
      '/api/get_user_settings',
      {},
      {
        'x-xsrf-token': preSessionToken,
      },
    );
    expect(response.status).toBe(403);
  });

  test('sign-out ends the session on the server: a copy of the cookie no longer works', async () => {
    const browser = await site.server.client();
    await browser.postJson('/api/signin_with_email', {
      email: reader.email,
      password: reader.password,
    });
    const stolen = browser.cookie('bs_session');
    expect(await browser.get('/api/logout').then((r) => r.json())).toEqual({ ok: true });
    expect(browser.cookie('bs_session')).toMatch(/^p\./);

    const replay = await site.server.fetch('/api/check_logged_in', {
      headers: { cookie: `bs_session=${stolen}` },
    });
    expect(await replay.json()).toEqual({});
  });

  test('a session expires after its idle time and at its absolute expiry', async () => {
    const idle = await site.signIn();
    const absolute = await site.signIn();
    await site.db.query(
      `UPDATE sessions SET last_seen_at = now() - interval '15 days' WHERE user_id = $1`,
      [idle.userId],
    );
    await site.db.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [absolute.userId],
    );
    for (const expired of [idle, absolute]) {
      expect(await expired.client.get('/api/check_logged_in').then((r) => r.json())).toEqual({});
      expect((await expired.client.post('/api/get_collections')).status).toBe(401);
    }
  });

  test('activity keeps a session alive, written at most once a minute', async () => {
    const active = await site.signIn();
    await site.db.query(
      `UPDATE sessions SET last_seen_at = now() - interval '2 minutes' WHERE user_id = $1`,
      [active.userId],
    );
    await active.client.postJson('/api/get_collections');
    const { rows } = await site.db.query<{ recent: boolean }>(
      `SELECT last_seen_at > now() - interval '10 seconds' AS recent FROM sessions
        WHERE user_id = $1`,
      [active.userId],
    );
    expect(rows).toEqual([{ recent: true }]);
  });
});

test('expired sessions, tokens, captcha redemptions and counters are swept', async () => {
  const expired = await site.signIn();
  await site.db.query(
    `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
    [expired.userId],
  );
  await site.db.query(
    `UPDATE email_tokens SET expires_at = now() - interval '2 days' WHERE user_id = $1`,
    [expired.userId],
  );
  await site.db.query(
    `INSERT INTO captcha_redemptions (token_hash, expires_at) VALUES ('old', now() - interval '1 hour')`,
  );
  await site.db.query(
    `INSERT INTO rate_limit_counters (rule, key_hash, window_start, window_end, hits)
     VALUES ('signInPerIp', 'old', now() - interval '2 hours', now() - interval '1 hour', 3)`,
  );
  await sweepExpired(site.db);
  const { rows } = await site.db.query<Record<string, number>>(
    `SELECT (SELECT count(*) FROM sessions WHERE user_id = $1) AS sessions,
            (SELECT count(*) FROM email_tokens WHERE user_id = $1) AS tokens,
            (SELECT count(*) FROM captcha_redemptions WHERE token_hash = 'old') AS redemptions,
            (SELECT count(*) FROM rate_limit_counters WHERE key_hash = 'old') AS counters`,
    [expired.userId],
  );
  expect(rows[0]).toEqual({ sessions: 0, tokens: 0, redemptions: 0, counters: 0 });
  expect(await reader.client.get('/api/check_logged_in').then((r) => r.json())).toMatchObject({
    email: reader.email,
  });
});

import {
  deriveUnsubscribeKey,
  unsubscribeToken,
  unsubscribeUrl,
} from '../../mail/digest/unsubscribe-token.js';
import { routeTestSite } from '../../testing/route-test-site.js';

let key: Buffer;
let readerA: number;
let readerB: number;

async function addWeeklyReader(email: string): Promise<number> {
  const { rows } = await site.db.query<{ user_id: number }>(
    `INSERT INTO users (email, name, email_digest_frequency, email_verified_at)
     VALUES ($1, 'Reader', 2, now()) RETURNING user_id`,
    [email],
  );
  return Number(rows[0]?.user_id);
}

async function frequencies(): Promise<[number, number]> {
  const { rows } = await site.db.query<{ user_id: number; email_digest_frequency: number }>(
    'SELECT user_id, email_digest_frequency FROM users WHERE user_id = ANY($1::bigint[])',
    [[readerA, readerB]],
  );
  const of = (id: number) => rows.find((row) => Number(row.user_id) === id)?.email_digest_frequency;
  return [of(readerA) ?? -1, of(readerB) ?? -1];
}

/** The path and query of a reader's unsubscribe link, as the digest carries it. */
function linkPath(token: string): string {
  return unsubscribeUrl('', token);
}

/** What a mail provider sends on one click (RFC 8058): a form POST, no cookies, no XSRF header. */
function oneClick(path: string, contentType = 'application/x-www-form-urlencoded') {
  const body =
    contentType === 'multipart/form-data; boundary=x'
      ? '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n'
      : 'List-Unsubscribe=One-Click';
  return site.server.fetch(path, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  });
}

const site = routeTestSite();

beforeAll(async () => {
  key = deriveUnsubscribeKey(site.config.accounts.sessionSecret ?? '');
});

beforeEach(async () => {
  await site.db.query('DELETE FROM users');
  readerA = await addWeeklyReader('a@example.test');
  readerB = await addWeeklyReader('b@example.test');
});

test.each(['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
  'the one-click POST (%s) with the token turns the digest off, without cookies or XSRF token',
  async (contentType) => {
    const response = await oneClick(linkPath(unsubscribeToken(key, readerA)), contentType);
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await response.text()).toContain('You are unsubscribed');
    expect(await frequencies()).toEqual([0, 2]);
    // Clicking again is harmless.
    expect((await oneClick(linkPath(unsubscribeToken(key, readerA)))).status).toBe(200);
    expect(await frequencies()).toEqual([0, 2]);
  },
);

test('a forged, altered or other reader’s token is refused and changes nothing', async () => {
  const tokenA = unsubscribeToken(key, readerA);
  const [, macA] = tokenA.split('.');
  const otherKey = deriveUnsubscribeKey('another-server-secret-of-32-characters!!');
  const forged = [
    `${readerB}.${macA}`, // A's signature on B's id
    unsubscribeToken(otherKey, readerB), // signed with another key
    `${readerB}.${'A'.repeat(22)}`,
    `${readerA}`,
    'not-a-token',
    `${readerA}.${macA}x`,
  ];
  for (const token of forged) {
    const response = await oneClick(linkPath(token));
    expect({ token, status: response.status }).toEqual({ token, status: 403 });
  }
  expect((await oneClick('/digest/unsubscribe')).status).toBe(400);
  expect(await frequencies()).toEqual([2, 2]);
});

test('a GET on the link (a link scanner, or the reader) only shows a page with a button', async () => {
  const path = linkPath(unsubscribeToken(key, readerA));
  const response = await site.server.fetch(path);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const page = await response.text();
  expect(page).toContain(`<form method="post" action="${path.replace(/&/g, '&amp;')}">`);
  expect(page).toContain('name="List-Unsubscribe" value="One-Click"');
  expect(page).toContain(`${site.config.accounts.publicUrl}/settings`);
  expect(await frequencies()).toEqual([2, 2]);
  expect((await site.server.fetch(linkPath(`${readerB}.${'A'.repeat(22)}`))).status).toBe(403);
  expect(await frequencies()).toEqual([2, 2]);
});

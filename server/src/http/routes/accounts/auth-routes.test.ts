import { messages } from '@blogstream/shared/lib';
import {
  solveCaptcha,
  TEST_PUBLIC_URL,
  uniqueEmail,
  waitForOutboxMail,
} from '../../../testing/accounts-harness.js';
import type { ApiClient } from '../../../testing/api-client.js';
import { snapshotDatabase } from '../../../testing/db-snapshot.js';
import { captureLogs } from '../../../testing/log-capture.js';
import { escapeHtml } from '../../../mail/templates.js';
import { routeTestSite } from '../../../testing/route-test-site.js';

const logs = captureLogs();
const site = routeTestSite('embedded', { env: { LOG_LEVEL: 'info' }, logger: logs });

async function signUp(client: ApiClient, email: string, password = 'long enough password') {
  return client.post('/api/signup_with_email', {
    name: 'Grace',
    email,
    password,
    recaptchaVerifyToken: await solveCaptcha(site.server),
  });
}

function linkIn(text: string, path: string): string {
  const link = text.match(new RegExp(`${TEST_PUBLIC_URL}${path}[\\w-]+`))?.[0];
  if (!link) throw new Error(`no ${path} link in: ${text}`);
  return link;
}

const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

async function verifyWith(link: string) {
  const response = await site.server.fetch(new URL(link).pathname, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location') };
}

async function errorOf(response: Response) {
  return { status: response.status, body: await response.json() };
}

describe('sign-up', () => {
  test('creates an unverified account with an argon2id hash and e-mails a verification link', async () => {
    const email = uniqueEmail();
    const response = await signUp(await site.server.client(), email);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });

    const mail = await waitForOutboxMail(site.db, email, 'Confirm');
    expect(mail.text).not.toContain('Grace');
    expect(linkIn(mail.text, '/api/verify_email/')).toMatch(/\/[\w-]{43}$/);
    const { rows } = await site.db.query<{ password_hash: string; verified: boolean }>(
      `SELECT password_hash, email_verified_at IS NOT NULL AS verified FROM users
        WHERE email = $1`,
      [email],
    );
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]?.verified).toBe(false);
  });

  test('a taken e-mail (in any case) is 409 USER_EXISTS with the spec’s message', async () => {
    const email = uniqueEmail();
    await signUp(await site.server.client(), email);
    await waitForOutboxMail(site.db, email);
    const again = await signUp(await site.server.client(), `  ${email.toUpperCase()} `);
    expect(await errorOf(again)).toEqual({
      status: 409,
      body: { statusCode: 409, reason: 'USER_EXISTS', message: messages.emailAlreadyRegistered },
    });
  });

  test('a missing or invalid captcha writes nothing', async () => {
    const client = await site.server.client();
    const before = await snapshotDatabase(site.db, ['rate_limit_counters']);
    const missing = await client.post('/api/signup_with_email', {
      name: 'Eve',
      email: uniqueEmail(),
      password: 'long enough password',
    });
    expect(await errorOf(missing)).toMatchObject({
      status: 400,
      body: { reason: 'VALIDATION_FAILED', details: [{ path: 'body.recaptchaVerifyToken' }] },
    });
    const invalid = await client.post('/api/signup_with_email', {
      name: 'Eve',
      email: uniqueEmail(),
      password: 'long enough password',
      recaptchaVerifyToken: Buffer.from('{"challenge":{},"solution":{}}').toString('base64'),
    });
    expect(await errorOf(invalid)).toMatchObject({
      status: 400,
      body: { reason: 'CAPTCHA_INVALID', message: messages.captchaRequired },
    });
    expect(await snapshotDatabase(site.db, ['rate_limit_counters'])).toEqual(before);
  });

  test('a password under 8 characters is refused', async () => {
    const response = await signUp(await site.server.client(), uniqueEmail(), 'short');
    expect(await errorOf(response)).toMatchObject({
      status: 400,
      body: { reason: 'VALIDATION_FAILED', details: [{ path: 'body.password' }] },
    });
  });
});

describe('e-mail verification', () => {
  test('an unverified account cannot sign in; the link verifies it once', async () => {
    const email = uniqueEmail();
    const client = await site.server.client();
    await signUp(client, email);
    const link = linkIn((await waitForOutboxMail(site.db, email)).text, '/api/verify_email/');

    const early = await client.post('/api/signin_with_email', {
      email,
      password: 'long enough password',
    });
    expect(await errorOf(early)).toMatchObject({
      status: 403,
      body: { reason: 'EMAIL_NOT_VERIFIED', message: messages.emailNotVerified },
    });
    // The wrong password on an unverified account says nothing about verification.
    const wrong = await client.post('/api/signin_with_email', { email, password: 'not it at all' });
    expect(await errorOf(wrong)).toMatchObject({
      status: 401,
      body: { reason: 'INVALID_USERNAME_PASS' },
    });

    expect(await verifyWith(link)).toEqual({ status: 303, location: '/?emailVerified=ok' });
    expect(await verifyWith(link)).toEqual({ status: 303, location: '/?emailVerified=expired' });
    await client.postJson('/api/signin_with_email', { email, password: 'long enough password' });
  });

  test('an expired or made-up link does nothing', async () => {
    const email = uniqueEmail();
    await signUp(await site.server.client(), email);
    const link = linkIn((await waitForOutboxMail(site.db, email)).text, '/api/verify_email/');
    await site.db.query(
      `UPDATE email_tokens SET expires_at = now() - interval '1 second'
        WHERE user_id = (SELECT user_id FROM users WHERE email = $1)`,
      [email],
    );
    expect(await verifyWith(link)).toMatchObject({ location: '/?emailVerified=expired' });
    expect(await verifyWith(`${TEST_PUBLIC_URL}/api/verify_email/${'a'.repeat(43)}`)).toMatchObject(
      { location: '/?emailVerified=expired' },
    );
  });
});

describe('sign-in', () => {
  test('answers the user data and reports the session in check_logged_in', async () => {
    const reader = await site.signIn('Linus');
    expect(await reader.client.get('/api/check_logged_in').then((r) => r.json())).toEqual({
      name: 'Linus',
      email: reader.email,
      account_type: 0,
      userFirstTimeUX: true,
      follows_sources: false,
      ssoProvider: null,
    });
  });

  test('a wrong password and an unknown e-mail get the same answer', async () => {
    const reader = await site.signIn();
    const client = await site.server.client();
    const wrongPassword = await client.post('/api/signin_with_email', {
      email: reader.email,
      password: 'not the password',
    });
    const unknownEmail = await client.post('/api/signin_with_email', {
      email: uniqueEmail('nobody'),
      password: 'not the password',
    });
    const expected = {
      status: 401,
      body: {
        statusCode: 401,
        reason: 'INVALID_USERNAME_PASS',
        message: messages.invalidUsernameOrPassword,
      },
    };
    expect(await errorOf(wrongPassword)).toEqual(expected);
    expect(await errorOf(unknownEmail)).toEqual(expected);
  });

  test('signing in as someone else ends the session the browser had', async () => {
    const first = await site.signIn();
    const second = await site.signIn();
    await first.client.postJson('/api/signin_with_email', {
      email: second.email,
      password: second.password,
    });
    const { rows } = await site.db.query('SELECT 1 FROM sessions WHERE user_id = $1', [
      first.userId,
    ]);
    expect(rows).toHaveLength(0);
    expect(await first.client.get('/api/check_logged_in').then((r) => r.json())).toMatchObject({
      email: second.email,
    });
  });
});

describe('forgot and reset password', () => {
  async function forgot(client: ApiClient, email: string) {
    return client.post('/api/forgot_password', {
      email,
      recaptchaVerifyToken: await solveCaptcha(site.server),
    });
  }

  async function resetLinkFor(email: string): Promise<string> {
    return linkIn((await waitForOutboxMail(site.db, email, 'Reset')).text, '/reset-password/');
  }

  test('answers the same for an existing and an unknown address; only the account gets mail', async () => {
    const reader = await site.signIn();
    const unknown = uniqueEmail('nobody');
    const client = await site.server.client();
    const known = await forgot(client, reader.email);
    const nobody = await forgot(client, unknown);
    expect(await errorOf(known)).toEqual({ status: 200, body: { ok: true } });
    expect(await errorOf(nobody)).toEqual({ status: 200, body: { ok: true } });
    await resetLinkFor(reader.email);
    const { rows } = await site.db.query('SELECT 1 FROM mail_outbox WHERE recipient = $1', [
      unknown,
    ]);
    expect(rows).toHaveLength(0);
  });

  test('a bad captcha is CAPTCHA_INVALID', async () => {
    const response = await (
      await site.server.client()
    ).post('/api/forgot_password', {
      email: uniqueEmail(),
      recaptchaVerifyToken: 'not a solution',
    });
    expect(await errorOf(response)).toMatchObject({
      status: 400,
      body: { reason: 'CAPTCHA_INVALID' },
    });
  });

  test('a reset sets the password, ends every session, and works once', async () => {
    const reader = await site.signIn();
    const otherDevice = await site.server.client();
    await otherDevice.postJson('/api/signin_with_email', {
      email: reader.email,
      password: reader.password,
    });
    await forgot(reader.client, reader.email);
    const token = tokenOf(await resetLinkFor(reader.email));

    const reset = await (
      await site.server.client()
    ).post('/api/reset_password', {
      token,
      newPassword: 'a brand new password',
    });
    expect(await errorOf(reset)).toEqual({ status: 200, body: { ok: true } });
    for (const device of [reader.client, otherDevice]) {
      expect(await device.get('/api/check_logged_in').then((r) => r.json())).toEqual({});
    }
    const again = await (
      await site.server.client()
    ).post('/api/reset_password', {
      token,
      newPassword: 'yet another password',
    });
    expect(await errorOf(again)).toEqual({
      status: 400,
      body: { statusCode: 400, reason: 'LINK_EXPIRED', message: messages.resetLinkExpired },
    });
    await (
      await site.server.client()
    ).postJson('/api/signin_with_email', {
      email: reader.email,
      password: 'a brand new password',
    });
  });

  test('an expired, superseded or made-up token is LINK_EXPIRED', async () => {
    const reader = await site.signIn();
    await forgot(reader.client, reader.email);
    const older = tokenOf(await resetLinkFor(reader.email));
    await site.db.query('DELETE FROM mail_outbox WHERE recipient = $1', [reader.email]);
    await forgot(reader.client, reader.email);
    const newer = tokenOf(await resetLinkFor(reader.email));
    await site.db.query(
      `UPDATE email_tokens SET expires_at = now() - interval '1 second'
        WHERE user_id = $1 AND purpose = 'reset_password' AND used_at IS NULL`,
      [reader.userId],
    );
    for (const token of [older, newer, 'b'.repeat(43), 'short']) {
      const response = await reader.client.post('/api/reset_password', {
        token,
        newPassword: 'a brand new password',
      });
      expect(await errorOf(response)).toMatchObject({
        status: 400,
        body: { reason: 'LINK_EXPIRED' },
      });
    }
  });

  test('a reset also verifies a never-verified address', async () => {
    const email = uniqueEmail();
    const client = await site.server.client();
    await signUp(client, email);
    await forgot(client, email);
    const token = tokenOf(await resetLinkFor(email));
    await client.postJson('/api/reset_password', { token, newPassword: 'chosen by the owner' });
    await client.postJson('/api/signin_with_email', { email, password: 'chosen by the owner' });
  });
});

test('sign-out without a session is harmless', async () => {
  const client = await site.server.client();
  expect(await client.get('/api/logout').then((r) => r.json())).toEqual({ ok: true });
});

test('no token from a link ever reaches the log', async () => {
  const reader = await site.signIn();
  const verification = await waitForOutboxMail(site.db, reader.email, 'Confirm');
  const verifyToken = tokenOf(linkIn(verification.text, '/api/verify_email/'));
  await verifyWith(`${TEST_PUBLIC_URL}/api/verify_email/${verifyToken}`);
  await reader.client.post('/api/forgot_password', {
    email: reader.email,
    recaptchaVerifyToken: await solveCaptcha(site.server),
  });
  const resetToken = tokenOf(
    linkIn((await waitForOutboxMail(site.db, reader.email, 'Reset')).text, '/reset-password/'),
  );
  await site.server.fetch(`/reset-password/${resetToken}`, { headers: { accept: 'text/html' } });
  await reader.client.post('/api/reset_password', {
    token: resetToken,
    newPassword: 'whatever it is',
  });

  const text = logs.text();
  expect(text).toContain('mail written to the outbox');
  expect(text).toContain(reader.email);
  for (const token of [verifyToken, resetToken]) expect(text).not.toContain(token);
  expect(text).not.toContain(reader.password);
});

describe('/dev/mail', () => {
  test('lists the outbox with clickable links for a newcomer on this machine', async () => {
    const email = uniqueEmail('newcomer');
    await signUp(await site.server.client(), email);
    await waitForOutboxMail(site.db, email);
    const page = await site.server.fetch('/dev/mail');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain(escapeHtml(email));
    const link = html.match(
      /<a href="(http:\/\/blogstream\.test\/api\/verify_email\/[\w-]+)">/,
    )?.[1];
    expect(link).toBeDefined();
    const id = html.match(/\/dev\/mail\/(\d+)\.eml/)?.[1];
    const eml = await site.server.fetch(`/dev/mail/${id}.eml`);
    expect(eml.headers.get('content-type')).toMatch(/^message\/rfc822/);
    expect(await eml.text()).toMatch(/^Subject: Confirm your e-mail address/m);
  });

  test('is not offered to other machines, in production, or with an SMTP server', async () => {
    const behindProxy = await site.startAnother({ env: { TRUST_PROXY: 'true' } });
    const production = await site.startAnother({ env: { NODE_ENV: 'production' } });
    const withSmtp = await site.startAnother({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    const remote = await behindProxy.fetch('/dev/mail', {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(remote.status).toBe(404);
    for (const other of [production, withSmtp]) {
      expect((await other.fetch('/dev/mail')).status).toBe(404);
    }
  });
});

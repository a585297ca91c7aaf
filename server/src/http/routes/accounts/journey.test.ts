import { TOPICS } from '@blogstream/shared/lib';
import {
  accountsTestConfig,
  describeEachDriver,
  insertArticle,
  insertSource,
  solveCaptcha,
  TEST_PUBLIC_URL,
} from '../../../testing/accounts-harness.js';
import { siteLinks, startSmtpPeer, type SmtpPeer } from '../../../testing/smtp-peer.js';
import { routeTestSite } from '../../../testing/route-test-site.js';

describeEachDriver('a reader’s whole journey', (driver) => {
  let smtp: SmtpPeer;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
  });

  afterAll(async () => {
    await smtp?.close();
  });

  const site = routeTestSite(driver, {
    config: () => accountsTestConfig({ env: { SMTP_URL: smtp.url } }),
  });

  test('sign up, verify, sign in, keep things, reset the password, sign out', async () => {
    const sourceId = await insertSource(site.db);
    const postId = await insertArticle(site.db, sourceId);
    const email = `journey-${driver}@example.test`;
    const browser = await site.server.client();

    // Sign up with a solved captcha; the verification link arrives by e-mail.
    await browser.postJson('/api/signup_with_email', {
      name: 'Ada',
      email,
      password: 'first password',
      recaptchaVerifyToken: await solveCaptcha(site.server),
    });
    const signInTooEarly = await browser.post('/api/signin_with_email', {
      email,
      password: 'first password',
    });
    expect(signInTooEarly.status).toBe(403);
    expect(await signInTooEarly.json()).toMatchObject({ reason: 'EMAIL_NOT_VERIFIED' });

    const verification = await smtp.waitFor((mail) => mail.to.includes(email));
    const [verifyLink] = siteLinks(verification, TEST_PUBLIC_URL);
    expect(verifyLink).toMatch(/\/api\/verify_email\/[\w-]{43}$/);
    const verified = await site.server.fetch(new URL(verifyLink ?? '').pathname, {
      redirect: 'manual',
    });
    expect(verified.status).toBe(303);
    expect(verified.headers.get('location')).toBe('/?emailVerified=ok');

    // Sign in: a first-time reader.
    const user = await browser.postJson('/api/signin_with_email', {
      email,
      password: 'first password',
    });
    expect(user).toEqual({
      name: 'Ada',
      email,
      account_type: 0,
      userFirstTimeUX: true,
      follows_sources: false,
    });

    await browser.postJson('/api/save_user_topics', { topics: [TOPICS[0], TOPICS[5]] });
    expect(await browser.postJson('/api/get_user_topics')).toEqual([TOPICS[0], TOPICS[5]]);
    expect(await browser.postJson('/api/bookmark_post', { postId })).toEqual({ bookmarked: true });
    const bookmarks = await browser.postJson<{ post_id: number }[]>('/api/bookmarks_feed', {
      offset: 0,
      limit: 12,
    });
    expect(bookmarks.map((article) => article.post_id)).toEqual([postId]);

    const collection = await browser.postJson<{ collection_id: number }>('/api/create_collection', {
      collectionName: 'Reading list',
    });
    const collectionId = collection.collection_id;
    await browser.postJson('/api/add_article_to_collection', { postId, collectionId });
    await browser.postJson('/api/rename_collection', { collectionId, collectionName: 'Later' });
    expect(await browser.postJson('/api/get_collections')).toEqual([
      { collection_id: collectionId, name: 'Later' },
    ]);
    await browser.postJson('/api/delete_collection', { collectionId });
    expect(await browser.postJson('/api/get_collections')).toEqual([]);

    expect(await browser.postJson('/api/follow_source', { sourceId })).toEqual({ following: true });
    expect(await browser.get('/api/check_logged_in').then((r) => r.json())).toMatchObject({
      email,
      userFirstTimeUX: false,
      follows_sources: true,
    });
    expect(await browser.postJson('/api/unfollow_source', { sourceId })).toEqual({
      following: false,
    });

    // Forgot the password: reset it with the e-mailed link.
    await browser.postJson('/api/forgot_password', {
      email,
      recaptchaVerifyToken: await solveCaptcha(site.server),
    });
    const resetMail = await smtp.waitFor(
      (mail) => mail.to.includes(email) && mail.subject.includes('Reset'),
    );
    const [resetLink] = siteLinks(resetMail, TEST_PUBLIC_URL);
    const token = resetLink?.split('/reset-password/')[1];
    expect(token).toMatch(/^[\w-]{43}$/);
    await browser.postJson('/api/reset_password', { token, newPassword: 'second password' });

    // The reset ended the session; the new password works, the old one does not.
    expect(await browser.get('/api/check_logged_in').then((r) => r.json())).toEqual({});
    const oldPassword = await browser.post('/api/signin_with_email', {
      email,
      password: 'first password',
    });
    expect(oldPassword.status).toBe(401);
    await browser.postJson('/api/signin_with_email', { email, password: 'second password' });
    expect(await browser.get('/api/check_logged_in').then((r) => r.json())).toMatchObject({
      email,
    });

    // Sign out.
    expect(await browser.get('/api/logout').then((r) => r.json())).toEqual({ ok: true });
    expect(await browser.get('/api/check_logged_in').then((r) => r.json())).toEqual({});
    expect((await browser.post('/api/get_user_topics')).status).toBe(401);
  });
});

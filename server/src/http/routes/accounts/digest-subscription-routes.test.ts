import { readFileSync } from 'node:fs';
import { sweepExpired } from '../../../db/expired-rows.js';
import { similarToSeeds } from '../../../intelligence/search/similar-to-seeds.js';
import { readyIndexes } from '../../../intelligence/search/hybrid-search.js';
import { LexicalIndex } from '../../../intelligence/search/lexical/lexical-index.js';
import { smtpDigestTransport } from '../../../mail/digest/digest-transport.js';
import { runDigest } from '../../../mail/digest/run-digest.js';
import { subscriptionAudience } from '../../../mail/digest/subscription-digest.js';
import { deriveUnsubscribeKey } from '../../../mail/digest/unsubscribe-token.js';
import {
  accountsTestConfig,
  createReader,
  readError,
  readJson,
  solveCaptcha,
  TEST_PUBLIC_URL,
  uniqueEmail,
} from '../../../testing/accounts-harness.js';
import {
  addArticles,
  addSources,
  article,
  sourceEntry,
} from '../../../testing/content-fixtures.js';
import { sharedDataFile } from '../../../testing/shared-data.js';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from '../../../testing/smtp-peer.js';
import { routeTestSite } from '../../../testing/route-test-site.js';

/** The digests' links: https, so that they carry the one-click header (RFC 8058). */
const DIGEST_URL = 'https://blogstream.test';

interface CorpusRecord {
  source_url_name: string;
  title: string;
  link: string;
  description: string;
}

/** Real crawled articles of the shared corpus (articles.jsonl) whose title matches `pattern`. */
function corpus(source: string, pattern: RegExp, count: number): CorpusRecord[] {
  const records = readFileSync(sharedDataFile('articles.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as CorpusRecord)
    .filter(
      (record) =>
        record.source_url_name === source &&
        pattern.test(record.title) &&
        record.description.length > 80,
    );
  const distinct = [...new Map(records.map((record) => [record.title, record])).values()];
  if (distinct.length < count)
    throw new Error(`the corpus has too few ${String(pattern)} articles`);
  return distinct.slice(0, count);
}

const SECURITY = corpus('rust', /security advisory/i, 3);
const KUBERNETES = corpus('pingcap', /kubernetes/i, 5);
/** The collection's one article, saved weeks ago; the others are this week's. */
const [SEED, ...KUBERNETES_THIS_WEEK] = KUBERNETES as [CorpusRecord, ...CorpusRecord[]];

let smtp: SmtpPeer;
let key: Buffer;
let seedId: number;

function header(mail: ReceivedMail, name: string): string | undefined {
  const unfolded = mail.raw.replace(/\r?\n[ \t]+/g, ' ');
  const head = unfolded.slice(0, unfolded.search(/\r?\n\r?\n/));
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim();
}

const mailsTo = (email: string, subject: string) =>
  smtp.received.filter((mail) => mail.to.includes(email) && mail.subject.includes(subject));

/** One digest run of the subscriptions, as the weekly job runs it, at `now`. */
async function runSubscriptions(now = new Date()) {
  const lexical = new LexicalIndex(site.db);
  const transport = smtpDigestTransport(smtp.url, 'digest@blogstream.test', 1);
  try {
    return await runDigest({
      audience: subscriptionAudience(async (seeds, among) =>
        similarToSeeds(site.db, await readyIndexes(lexical, async () => null), seeds, among),
      ),
      db: site.db,
      transport,
      summaryFor: async () => null,
      unsubscribeKey: key,
      publicUrl: DIGEST_URL,
      log: {
        debug: () => undefined,
        info: () => undefined,
        warn: () => undefined,
        error: () => undefined,
      },
      trigger: 'admin',
      now,
    });
  } finally {
    transport.close();
  }
}

async function subscriptionStatus(email: string): Promise<string | undefined> {
  const { rows } = await site.db.query<{ status: string }>(
    'SELECT status FROM digest_subscriptions WHERE email = $1',
    [email],
  );
  return rows[0]?.status;
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
});

afterAll(async () => {
  await smtp?.close();
});

const site = routeTestSite('embedded', {
  config: () => accountsTestConfig({ env: { SMTP_URL: smtp.url } }),
  seed: async (db) => {
    const sources = await addSources(db, [
      sourceEntry('rust', 'Rust Blog', ['Programming Languages']),
      sourceEntry('pingcap', 'PingCAP', ['Databases']),
    ]);
    const stored = (record: CorpusRecord, hoursAgo: number, topics: string[]) =>
      article('corpus.example', record.title, hoursAgo, {
        link: record.link,
        linkKey: record.link.replace(/^https?:\/\//, ''),
        guid: record.link,
        description: record.description,
        topics,
      });
    await addArticles(
      db,
      sources.get('rust') ?? 0,
      SECURITY.map((record, index) => stored(record, 24 + index, ['Security'])),
    );
    await addArticles(db, sources.get('pingcap') ?? 0, [
      stored(SEED, 24 * 40, ['DevOps']),
      ...KUBERNETES_THIS_WEEK.map((record, index) => stored(record, 30 + index, ['DevOps'])),
    ]);
    const { rows } = await db.query<{ post_id: number }>(
      'SELECT post_id FROM articles WHERE title = $1',
      [SEED.title],
    );
    seedId = Number(rows[0]?.post_id);
  },
});

beforeAll(() => {
  key = deriveUnsubscribeKey(site.config.accounts.sessionSecret ?? '');
});

test('a visitor subscribes to a topic digest, confirms it by the e-mailed link, then gets exactly one digest a week of the topic’s articles with one-click unsubscribe', async () => {
  const visitor = await site.server.client();
  const email = uniqueEmail('visitor');
  const subscribe = async () =>
    visitor.post('/api/subscribe_topic_digest', {
      email: email.toUpperCase(),
      topic: 'security',
      recaptchaVerifyToken: await solveCaptcha(site.server),
    });
  expect(await readJson(await subscribe())).toEqual({ ok: true });

  const confirmation = await smtp.waitFor(
    (mail) => mail.to.includes(email) && mail.subject.includes('Confirm'),
  );
  expect(confirmation.subject).toBe('Confirm your weekly Security digest from Blogstream');
  const link = new RegExp(`${TEST_PUBLIC_URL}/topic/Security\\?digestConfirm=([\\w-]+)`).exec(
    confirmation.decoded,
  );
  expect(link).not.toBeNull();

  // Not confirmed yet: no digest.
  expect((await runSubscriptions()).sent).toBe(0);
  expect(await subscriptionStatus(email)).toBe('pending');

  const confirmed = await visitor.post('/api/confirm_digest_subscription', { token: link?.[1] });
  expect(await readJson(confirmed)).toEqual({ kind: 'topic', target: 'Security' });
  // The link works once.
  const again = await visitor.post('/api/confirm_digest_subscription', { token: link?.[1] });
  expect(again.status).toBe(400);
  expect((await readError(again)).reason).toBe('LINK_INVALID');

  // Asking again with a confirmed address: the same answer, and no second mail.
  expect(await readJson(await subscribe())).toEqual({ ok: true });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(mailsTo(email, 'Confirm')).toHaveLength(1);

  const first = await runSubscriptions();
  expect(first).toMatchObject({ recipients: 'subscriptions', sent: 1, enrolled: 1 });
  const second = await runSubscriptions();
  expect(second).toMatchObject({ sent: 0, enrolled: 0 });
  const digests = mailsTo(email, 'weekly digest: Security');
  expect(digests).toHaveLength(1);
  const digest = digests[0] as ReceivedMail;
  for (const record of SECURITY) expect(digest.decoded).toContain(record.title);
  for (const record of KUBERNETES) expect(digest.decoded).not.toContain(record.title);
  expect(digest.decoded).toContain('subscribed to the weekly digest of the topic Security');

  const unsubscribe = /^<(https:\/\/blogstream\.test(\/digest\/unsubscribe\?token=s[^>]+))>$/.exec(
    header(digest, 'List-Unsubscribe') ?? '',
  );
  expect(unsubscribe).not.toBeNull();
  expect(header(digest, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  expect(digest.decoded).toContain(`Unsubscribe from the digest: ${unsubscribe?.[1]}`);
  const path = unsubscribe?.[2] ?? '';

  // A link scanner's GET changes nothing; the one-click POST (no cookies, no XSRF) unsubscribes.
  const page = await site.server.fetch(path);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<form method="post"');
  expect(await subscriptionStatus(email)).toBe('confirmed');
  const oneClick = await site.server.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(oneClick.status).toBe(200);
  expect(await subscriptionStatus(email)).toBe('unsubscribed');

  const nextWeek = await runSubscriptions(new Date(Date.now() + 7 * 24 * 3600_000));
  expect(nextWeek).toMatchObject({ enrolled: 0, sent: 0 });
});

test('bad subscriptions and links are refused with a reason; an unconfirmed address is swept after its link expired', async () => {
  const visitor = await site.server.client();
  const subscribe = async (body: Record<string, string>) =>
    visitor.post('/api/subscribe_topic_digest', {
      email: uniqueEmail('bad'),
      topic: 'Security',
      recaptchaVerifyToken: await solveCaptcha(site.server),
      ...body,
    });
  const refused = async (response: Response, status: number, reason: string) => {
    expect(response.status).toBe(status);
    expect((await readError(response)).reason).toBe(reason);
  };
  await refused(await subscribe({ email: 'not an address' }), 400, 'VALIDATION_FAILED');
  await refused(await subscribe({ topic: 'Knitting' }), 400, 'UNKNOWN_TOPIC');
  await refused(await subscribe({ recaptchaVerifyToken: 'forged' }), 400, 'CAPTCHA_INVALID');

  const confirm = (token: string) => visitor.post('/api/confirm_digest_subscription', { token });
  await refused(await confirm('x'.repeat(43)), 400, 'LINK_INVALID');
  await refused(await confirm('not a token'), 400, 'LINK_INVALID');

  const email = uniqueEmail('late');
  await subscribe({ email });
  const mail = await smtp.waitFor((one) => one.to.includes(email));
  const token = /digestConfirm=([\w-]+)/.exec(mail.decoded)?.[1] ?? '';
  await site.db.query(
    "UPDATE digest_subscriptions SET token_expires_at = now() - interval '1 minute' WHERE email = $1",
    [email],
  );
  await refused(await confirm(token), 410, 'LINK_EXPIRED');
  expect(await subscriptionStatus(email)).toBe('pending');
  // A day after its link expired, an unconfirmed address is not kept.
  await site.db.query(
    "UPDATE digest_subscriptions SET token_expires_at = now() - interval '25 hours' WHERE email = $1",
    [email],
  );
  await sweepExpired(site.db);
  expect(await subscriptionStatus(email)).toBeUndefined();

  const forged = await site.server.fetch('/digest/unsubscribe?token=s1.AAAAAAAAAAAAAAAAAAAAAA', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(forged.status).toBe(403);
});

test('a collection’s owner turns on its weekly digest: the week’s articles most like the collection’s, to the verified address; other readers cannot see or change it', async () => {
  // createReader reads the sign-up mail from the outbox: a server of the same database without SMTP.
  const withoutSmtp = await site.startAnother();
  const owner = await createReader(withoutSmtp, 'Owner');
  const other = await createReader(withoutSmtp, 'Other');
  const { collection_id: collectionId } = await owner.client.postJson<{ collection_id: number }>(
    '/api/create_collection',
    { collectionName: 'Kubernetes' },
  );
  await owner.client.postJson('/api/add_article_to_collection', { postId: seedId, collectionId });

  const state = (reader: typeof owner) =>
    reader.client.post('/api/get_collection_digest', { collectionId });
  const save = (reader: typeof owner, subscribed: boolean) =>
    reader.client.post('/api/save_collection_digest', { collectionId, subscribed });

  expect(await readJson(await state(owner))).toEqual({
    subscribed: false,
    email: owner.email,
    email_verified: true,
  });
  expect((await state(other)).status).toBe(404);
  expect((await save(other, true)).status).toBe(404);
  expect(
    (await (await site.server.client()).post('/api/get_collection_digest', { collectionId }))
      .status,
  ).toBe(401);

  expect(await readJson(await save(owner, true))).toMatchObject({ subscribed: true });
  expect(await readJson(await state(owner))).toMatchObject({ subscribed: true });

  expect(await runSubscriptions()).toMatchObject({ sent: 1 });
  const digests = mailsTo(owner.email, 'your collection Kubernetes');
  expect(digests).toHaveLength(1);
  const digest = digests[0] as ReceivedMail;
  const carried = KUBERNETES_THIS_WEEK.filter((record) => digest.decoded.includes(record.title));
  expect(carried.length).toBeGreaterThan(0);
  for (const record of SECURITY) expect(digest.decoded).not.toContain(record.title);
  // Already in the collection: not news.
  expect(digest.decoded).not.toContain(SEED.title);
  expect(header(digest, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  expect(await runSubscriptions()).toMatchObject({ sent: 0 });

  expect(await readJson(await save(owner, false))).toMatchObject({ subscribed: false });

  await site.db.query('UPDATE users SET email_verified_at = NULL WHERE user_id = $1', [
    other.userId,
  ]);
  const { collection_id: otherCollection } = await other.client.postJson<{ collection_id: number }>(
    '/api/create_collection',
    { collectionName: 'Mine' },
  );
  const unverified = await other.client.post('/api/save_collection_digest', {
    collectionId: otherCollection,
    subscribed: true,
  });
  expect(unverified.status).toBe(403);
  expect((await readError(unverified)).reason).toBe('EMAIL_NOT_VERIFIED');
});

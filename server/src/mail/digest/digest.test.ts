import type { Db, Queryable } from '../../db/db.js';
import {
  describeEachDriver,
  openTestDatabase,
  type TestDatabase,
} from '../../testing/test-database.js';
import { makeTempDir } from '../../testing/test-config.js';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from '../../testing/smtp-peer.js';
import { deliveryCounts, READER_DELIVERIES } from '../../db/digest-deliveries.js';
import type { DigestMail } from './digest-mail.js';
import {
  outboxDigestTransport,
  smtpDigestTransport,
  type DigestTransport,
} from './digest-transport.js';
import { digestWeekOf } from './digest-week.js';
import { runDigest, type DigestRunOptions, type DigestStep } from './run-digest.js';
import { deriveUnsubscribeKey, verifyUnsubscribeToken } from './unsubscribe-token.js';
import {
  addArticle,
  addReader,
  addSource,
  collectingLog,
  header,
  stubSummaries,
} from '../../testing/digest-fixtures.js';

const PUBLIC_URL = 'https://blogstream.test';
const KEY = deriveUnsubscribeKey('digest-test-secret-of-at-least-32-characters');
const FROM = 'digest@blogstream.test';

/** Messages received per recipient, and their distinct Message-IDs. */
export function byRecipient(
  received: ReceivedMail[],
): Map<string, { copies: number; ids: Set<string> }> {
  const result = new Map<string, { copies: number; ids: Set<string> }>();
  for (const mail of received) {
    for (const to of mail.to) {
      const entry = result.get(to) ?? { copies: 0, ids: new Set<string>() };
      entry.copies += 1;
      entry.ids.add(header(mail, 'Message-ID') ?? '');
      result.set(to, entry);
    }
  }
  return result;
}

class SimulatedCrash extends Error {}

/** The run's clock: a minute ahead, so articles stored by the fixtures are inside its week. */
const runTime = () => new Date(Date.now() + 60_000);

interface World {
  weekly: { security: number; follower: number; both: number; nothingNew: number };
  emails: Record<'security' | 'follower' | 'both' | 'nothingNew' | 'off' | 'unverified', string>;
  securityPosts: number[];
  followedPosts: number[];
  /** Summaries fail for this article. */
  brokenSummary: number;
}

/**
 * Readers: Security topic; follows source C only; both; UX topic (nothing new); Off; weekly but
 * unverified. Articles: five Security ones on source A (only three may go), one Security on B,
 * two on C, one old Security article found this week (not new), one Data article.
 */
async function seed(db: Db): Promise<World> {
  const a = await addSource(db, 'Alpha Engineering');
  const b = await addSource(db, 'Beta Blog');
  const c = await addSource(db, 'Gamma Notes');
  const securityPosts: number[] = [];
  for (let index = 1; index <= 5; index += 1) {
    securityPosts.push(
      await addArticle(db, a, `Alpha security post ${index}`, ['Security'], index),
    );
  }
  securityPosts.push(await addArticle(db, b, 'Beta security post', ['Security', 'Infrastructure']));
  const followedPosts = [
    await addArticle(db, c, 'Gamma post one', ['Data Science']),
    await addArticle(db, c, 'Gamma post two', []),
  ];
  await addArticle(db, b, 'Ancient security post', ['Security'], 40);
  await addArticle(db, b, 'Beta data post', ['Data Science']);
  const emails = {
    security: 'security@example.test',
    follower: 'follower@example.test',
    both: 'both@example.test',
    nothingNew: 'ux@example.test',
    off: 'off@example.test',
    unverified: 'unverified@example.test',
  };
  const weekly = {
    security: await addReader(db, { email: emails.security, topics: ['Security'] }),
    follower: await addReader(db, { email: emails.follower, follows: [c] }),
    both: await addReader(db, { email: emails.both, topics: ['Security'], follows: [c] }),
    nothingNew: await addReader(db, { email: emails.nothingNew, topics: ['UX'] }),
  };
  await addReader(db, { email: emails.off, topics: ['Security'], weekly: false });
  await addReader(db, { email: emails.unverified, topics: ['Security'], verified: false });
  return {
    weekly,
    emails,
    securityPosts,
    followedPosts,
    brokenSummary: securityPosts[5] as number,
  };
}

/** The readers who must get exactly one digest in the seeded world. */
const GETTING_MAIL = ['security', 'follower', 'both'] as const;

function partOf(mail: ReceivedMail, type: 'text/plain' | 'text/html'): string {
  const start = mail.decoded.indexOf(`Content-Type: ${type}`);
  if (start < 0) return '';
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(mail.decoded)?.[1] ?? '';
  const rest = mail.decoded.slice(start);
  const end = rest.indexOf(`--${boundary}`);
  return end < 0 ? rest : rest.slice(0, end);
}

describe('weekly digest (embedded database, SMTP peer)', () => {
  let database: TestDatabase;
  let db: Db;
  let peer: SmtpPeer;
  let world: World;

  beforeAll(async () => {
    database = await openTestDatabase('embedded');
    db = database.db;
    peer = await startSmtpPeer();
    world = await seed(db);
  });

  afterAll(async () => {
    await peer.close();
    await database.close();
  });

  beforeEach(async () => {
    await db.query('DELETE FROM digest_deliveries');
    await db.query('DELETE FROM mail_outbox');
    peer.received.splice(0);
  });

  function options(overrides: Partial<DigestRunOptions> = {}): DigestRunOptions {
    return {
      db,
      transport: smtpDigestTransport(peer.url, FROM, 2),
      summaryFor: stubSummaries([world.brokenSummary]),
      unsubscribeKey: KEY,
      publicUrl: PUBLIC_URL,
      log: collectingLog(),
      trigger: 'admin',
      now: runTime(),
      leaseSeconds: 1,
      pollMs: 100,
      batchSize: 2,
      ...overrides,
    };
  }

  /** Runs with its own pooled transport and closes it afterwards. */
  async function run(overrides: Partial<DigestRunOptions> = {}) {
    const settings = options(overrides);
    try {
      return await runDigest(settings);
    } finally {
      settings.transport.close();
    }
  }

  function mailTo(email: string): ReceivedMail {
    const mails = peer.received.filter((mail) => mail.to.includes(email));
    expect(mails).toHaveLength(1);
    return mails[0] as ReceivedMail;
  }

  test('a weekly reader with new articles of their topics gets one e-mail with HTML and text parts, the best articles, summaries and the unsubscribe headers; Off, unverified and nothing-new readers get none', async () => {
    const summaries = stubSummaries([world.brokenSummary]);
    const log = collectingLog();
    const report = await run({ summaryFor: summaries, log });

    expect(report).toMatchObject({ sent: 3, empty: 1, failed: 0, enrolled: 4 });
    expect(
      peer.received
        .map((mail) => mail.to)
        .flat()
        .sort(),
    ).toEqual(GETTING_MAIL.map((name) => world.emails[name]).sort());

    const mail = mailTo(world.emails.security);
    expect(mail.raw).toMatch(/^Content-Type: multipart\/alternative/im);
    const text = partOf(mail, 'text/plain');
    const html = partOf(mail, 'text/html');
    expect(text).not.toBe('');
    expect(html).toContain('<table role="presentation"');
    // At most three of source A, the Beta article, never the old one or the off-topic ones.
    for (const part of [text, html]) {
      expect(part.match(/Alpha security post \d/g)?.length).toBe(3);
      expect(part).toContain('Beta security post');
      expect(part).not.toContain('Ancient security post');
      expect(part).not.toContain('Gamma post');
      expect(part).not.toContain('Beta data post');
    }
    // The newest Alpha posts rank first among equals.
    expect(text).toMatch(
      /Alpha security post 1[\s\S]*Alpha security post 2[\s\S]*Alpha security post 3/,
    );
    // Summaries where they could be made; the description where not.
    const alpha1 = world.securityPosts[0] as number;
    expect(text).toContain(`- Bullet one of article ${alpha1}`);
    expect(html).toContain(`<li style="margin:0 0 4px 0">Bullet two of article ${alpha1}</li>`);
    expect(text).toContain(`Key concepts: concept-${alpha1}`);
    expect(text).toContain('What Beta security post is about.');
    // One summary call per article, whoever gets it; the failure is logged, the article kept.
    expect(new Set(summaries.calls).size).toBe(summaries.calls.length);
    expect(log.lines.some((line) => line.startsWith('WARN Digest: no summary for article'))).toBe(
      true,
    );

    // One-click unsubscribe (RFC 8058) for this reader, a visible link, and the settings link.
    const unsubscribe = /^<(https:\/\/blogstream\.test\/digest\/unsubscribe\?token=([^>]+))>$/.exec(
      header(mail, 'List-Unsubscribe') ?? '',
    );
    expect(unsubscribe).not.toBeNull();
    expect(verifyUnsubscribeToken(KEY, decodeURIComponent(unsubscribe?.[2] ?? ''))).toEqual({
      kind: 'reader',
      id: world.weekly.security,
    });
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(text).toContain(`Unsubscribe from the digest: ${unsubscribe?.[1]}`);
    expect(text).toContain(`${PUBLIC_URL}/settings`);
    expect(html).toContain(`href="${PUBLIC_URL}/settings"`);
    expect(header(mail, 'Message-ID')).toBe(
      `<digest-${digestWeekOf(runTime()).monday}-${world.weekly.security}@blogstream.test>`,
    );

    // The follower gets source C's posts, topic or not; the reader of both gets both.
    const follower = partOf(mailTo(world.emails.follower), 'text/plain');
    expect(follower).toContain('Gamma post one');
    expect(follower).toContain('Gamma post two');
    expect(follower).not.toContain('security post');
    const both = partOf(mailTo(world.emails.both), 'text/plain');
    expect(both.indexOf('Gamma post')).toBeLessThan(both.indexOf('Alpha security post'));

    expect(log.lines.at(-1)).toMatch(
      /^Digest run \(admin\) week \d{4}-W\d{2}: 4 readers in [\d.]+ s, 3 sent, 1 with nothing new, 0 unsubscribed, 0 failed/,
    );
  });

  test('running the job again in the same week sends nothing', async () => {
    const now = runTime();
    expect((await run({ now })).sent).toBe(3);
    const again = await run({ now: new Date(now.getTime() + 3_600_000) });
    expect(again).toMatchObject({ sent: 0, enrolled: 0 });
    expect(peer.received).toHaveLength(3);
  });

  test('a reader who turns the digest off after the run starts gets none', async () => {
    const crash = async (step: DigestStep) => {
      if (step === 'claimed') throw new SimulatedCrash();
    };
    await expect(run({ onStep: crash, batchSize: 10 })).rejects.toThrow(SimulatedCrash);
    await db.query('UPDATE users SET email_digest_frequency = 0 WHERE user_id = $1', [
      world.weekly.both,
    ]);
    try {
      const report = await run();
      expect(report).toMatchObject({ sent: 2, unsubscribed: 1 });
      expect(peer.received.some((mail) => mail.to.includes(world.emails.both))).toBe(false);
    } finally {
      await db.query('UPDATE users SET email_digest_frequency = 2 WHERE user_id = $1', [
        world.weekly.both,
      ]);
    }
  });

  test.each<DigestStep>(['claimed', 'built', 'sent'])(
    'a crash after the %s step, then a rerun: nobody is skipped and nobody gets two different digests',
    async (crashStep) => {
      const victim = world.weekly.follower;
      const crash = async (step: DigestStep, userId: number) => {
        if (step === crashStep && userId === victim) throw new SimulatedCrash(`crash: ${step}`);
      };
      await expect(run({ onStep: crash })).rejects.toThrow(SimulatedCrash);
      const report = await run();

      const counts = byRecipient(peer.received);
      for (const name of GETTING_MAIL) {
        const got = counts.get(world.emails[name]);
        expect({ name, ids: got?.ids.size }).toEqual({ name, ids: 1 });
        // Only the unavoidable window (accepted by SMTP, not yet recorded) repeats a message,
        // and then as the very same message (same Message-ID), which mailboxes fold into one.
        const expectedCopies = crashStep === 'sent' && name === 'follower' ? 2 : 1;
        expect({ name, copies: got?.copies }).toEqual({ name, copies: expectedCopies });
      }
      expect(report.resent).toBe(crashStep === 'sent' ? 1 : 0);
      const week = digestWeekOf(runTime()).monday;
      expect(await deliveryCounts(db, READER_DELIVERIES, week)).toEqual({ sent: 3, empty: 1 });
    },
  );

  test('with the outbox transport the send and its record are one transaction: a crash between them and a rerun leave exactly one message each', async () => {
    const dataDir = makeTempDir('digest-outbox');
    const outbox = outboxDigestTransport(dataDir, FROM);
    let crashed = false;
    // Writes the message, then dies before the transaction commits.
    const crashing: DigestTransport = {
      ...outbox,
      send: async (mail: DigestMail, tx?: Queryable) => {
        await outbox.send(mail, tx);
        if (!crashed && mail.to === world.emails.follower) {
          crashed = true;
          throw new SimulatedCrash('crash before commit');
        }
      },
    };
    await expect(runDigest(options({ transport: crashing }))).rejects.toThrow(SimulatedCrash);
    const crashAfterCommit = async (step: DigestStep) => {
      if (step === 'sent') throw new SimulatedCrash('crash after commit');
    };
    await expect(
      runDigest(options({ transport: outbox, onStep: crashAfterCommit })),
    ).rejects.toThrow(SimulatedCrash);
    await runDigest(options({ transport: outbox }));
    await runDigest(options({ transport: outbox }));

    const { rows } = await db.query<{ recipient: string; count: number | string }>(
      'SELECT recipient, count(*) AS count FROM mail_outbox GROUP BY recipient ORDER BY recipient',
    );
    expect(rows.map((row) => [row.recipient, Number(row.count)])).toEqual(
      GETTING_MAIL.map((name) => [world.emails[name], 1]).sort(),
    );
    const { rows: raw } = await db.query<{ raw: string }>('SELECT raw FROM mail_outbox LIMIT 1');
    expect(raw[0]?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    outbox.close();
  });

  test('a temporary SMTP refusal leaves the reader open and the same run delivers on retry', async () => {
    const real = smtpDigestTransport(peer.url, FROM, 2);
    let refused = 0;
    const flaky: DigestTransport = {
      ...real,
      send: async (mail: DigestMail) => {
        if (mail.to === world.emails.both && refused === 0) {
          refused += 1;
          throw Object.assign(new Error('try again later'), {
            responseCode: 451,
            code: 'EENVELOPE',
          });
        }
        await real.send(mail);
      },
    };
    const report = await run({ transport: flaky, retrySeconds: 0.2 });
    expect(report).toMatchObject({ sent: 3, postponed: 1, resent: 0 });
    expect(byRecipient(peer.received).get(world.emails.both)?.copies).toBe(1);
    real.close();
  });
});

describeEachDriver('two digest runs at once', (driver) => {
  let database: TestDatabase;
  let peer: SmtpPeer;
  const READERS = 24;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    peer = await startSmtpPeer();
    const source = await addSource(database.db, 'Shared Source');
    await addArticle(database.db, source, 'Shared security post', ['Security']);
    for (let index = 0; index < READERS; index += 1) {
      await addReader(database.db, {
        email: `parallel-${index}@example.test`,
        topics: ['Security'],
      });
    }
  });

  afterAll(async () => {
    await peer.close();
    await database.close();
  });

  test('each reader gets exactly one digest', async () => {
    const now = runTime();
    const runOne = async () => {
      const transport = smtpDigestTransport(peer.url, FROM, 3);
      try {
        return await runDigest({
          db: database.db,
          transport,
          summaryFor: stubSummaries(),
          unsubscribeKey: KEY,
          publicUrl: PUBLIC_URL,
          log: collectingLog(),
          trigger: 'schedule',
          now,
          batchSize: 3,
          pollMs: 100,
        });
      } finally {
        transport.close();
      }
    };
    const reports = await Promise.all([runOne(), runOne()]);
    expect(reports[0].sent + reports[1].sent).toBe(READERS);
    const counts = byRecipient(peer.received);
    expect(counts.size).toBe(READERS);
    for (const [, got] of counts) expect(got.copies).toBe(1);
  });
});

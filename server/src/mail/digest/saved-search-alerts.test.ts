import type { Db } from '../../db/db.js';
import {
  describeEachDriver,
  openTestDatabase,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../../testing/accounts-harness.js';
import {
  addArticle,
  addReader,
  addSource,
  collectingLog,
  header,
} from '../../testing/digest-fixtures.js';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from '../../testing/smtp-peer.js';
import { smtpDigestTransport } from './digest-transport.js';
import { sendSavedSearchAlerts } from './saved-search-alerts.js';
import { deriveUnsubscribeKey } from './unsubscribe-token.js';
import { serverSecret } from '../../lib/secrets.js';

/** https, so that the alerts carry the one-click header (RFC 8058). */
const PUBLIC_URL = 'https://blogstream.test';
const EMAIL = 'alerted@example.test';

describeEachDriver('saved search alerts', (driver) => {
  let database: TestDatabase;
  let db: Db;
  let peer: SmtpPeer;
  let server: TestServer;
  let blog: number;
  let savedSearchId: number;

  const run = async () =>
    sendSavedSearchAlerts({
      db,
      transport: smtpDigestTransport(peer.url, 'alerts@blogstream.test', 1),
      unsubscribeKey: deriveUnsubscribeKey(await serverSecret(server.config)),
      publicUrl: PUBLIC_URL,
      log: collectingLog(),
    });
  const alerts = (): ReceivedMail[] => peer.received.filter((mail) => mail.to.includes(EMAIL));
  /** The last alert was sent a day and an hour ago: the next may go. */
  const aDayLater = () =>
    db.query(
      `UPDATE saved_searches SET alerted_at = now() - interval '25 hours'
        WHERE saved_search_id = $1`,
      [savedSearchId],
    );

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    db = database.db;
    peer = await startSmtpPeer();
    server = await startTestServer(db);
    blog = await addSource(db, 'Vacuum Weekly');
    await addArticle(db, blog, 'Vacuum before the search was saved', []);
    const reader = await addReader(db, { email: EMAIL, weekly: false });
    // As the API saves it with the alert on: its mark at the newest article.
    const { rows } = await db.query<{ saved_search_id: number }>(
      `INSERT INTO saved_searches (user_id, name, query, alert, alerted_post_id)
       VALUES ($1, 'Vacuum', 'vacuum', true, (SELECT max(post_id) FROM articles))
       RETURNING saved_search_id`,
      [reader],
    );
    savedSearchId = Number(rows[0]?.saved_search_id);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await peer?.close();
    await database?.close();
  });

  test('a new match set is alerted once, at most daily, and never after unsubscribing', async () => {
    await addArticle(db, blog, 'Vacuum tuning, part one', []);
    await addArticle(db, blog, 'Vacuum tuning, part two', []);
    await addArticle(db, blog, 'Replication lag', []);
    expect(await run()).toBe(1);
    const [first] = alerts();
    expect(first!.subject).toContain('your saved search Vacuum');
    expect(first!.decoded).toContain('Vacuum tuning, part one');
    expect(first!.decoded).toContain('Vacuum tuning, part two');
    expect(first!.decoded).not.toContain('Replication lag');
    expect(first!.decoded).not.toContain('before the search was saved');
    const unsubscribe = /^<(.+)>$/.exec(header(first!, 'List-Unsubscribe') ?? '')?.[1];
    expect(unsubscribe).toMatch(
      new RegExp(`^${PUBLIC_URL}/digest/unsubscribe\\?token=q${savedSearchId}\\.`),
    );
    expect(header(first!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // A new match within the day waits for the day to pass, then goes alone.
    await addArticle(db, blog, 'Vacuum tuning, part three', []);
    expect(await run()).toBe(0);
    await aDayLater();
    expect(await run()).toBe(1);
    const second = alerts()[1]!;
    expect(second.decoded).toContain('Vacuum tuning, part three');
    expect(second.decoded).not.toContain('part one');

    // The same matches never go twice, however long after.
    await aDayLater();
    expect(await run()).toBe(0);

    // One click (RFC 8058, the mail provider's POST) turns the alert off.
    const { pathname, search } = new URL(unsubscribe!);
    const response = await server.fetch(`${pathname}${search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    await addArticle(db, blog, 'Vacuum tuning, part four', []);
    await aDayLater();
    expect(await run()).toBe(0);
    expect(alerts()).toHaveLength(2);
  });
});

import type { Db } from '../../db/db.js';
import {
  describeEachDriver,
  openTestDatabase,
  type TestDatabase,
} from '../../testing/test-database.js';
import { startSmtpPeer, type SmtpPeer } from '../../testing/smtp-peer.js';
import { smtpDigestTransport } from './digest-transport.js';
import { runDigest } from './run-digest.js';
import { deriveUnsubscribeKey } from './unsubscribe-token.js';
import {
  addArticle,
  addReader,
  addSource,
  collectingLog,
  stubSummaries,
} from '../../testing/digest-fixtures.js';

const PUBLIC_URL = 'https://blogstream.test';

/** A saved search of `query` stored for the reader, as the API stores it. */
async function addSavedSearch(
  db: Db,
  userId: number,
  fields: { name: string; query: string; filter?: object; inDigest: boolean },
): Promise<void> {
  await db.query(
    `INSERT INTO saved_searches (user_id, name, query, filter, in_digest)
     VALUES ($1, $2, $3, $4::jsonb, $5)`,
    [userId, fields.name, fields.query, JSON.stringify(fields.filter ?? {}), fields.inDigest],
  );
}

describeEachDriver('saved searches in the weekly digest', (driver) => {
  let database: TestDatabase;
  let db: Db;
  let peer: SmtpPeer;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    db = database.db;
    peer = await startSmtpPeer();
  });

  afterAll(async () => {
    await peer.close();
    await database.close();
  });

  const run = () =>
    runDigest({
      db,
      transport: smtpDigestTransport(peer.url, 'digest@blogstream.test', 1),
      summaryFor: stubSummaries(),
      unsubscribeKey: deriveUnsubscribeKey('saved-search-test-secret-of-32-characters!'),
      publicUrl: PUBLIC_URL,
      log: collectingLog(),
      trigger: 'admin',
      // A minute ahead, so the articles stored by the test are inside its week.
      now: new Date(Date.now() + 60_000),
      pollMs: 100,
    });

  test("a saved search in the digest is a section with the week's new matches, one not in it is not", async () => {
    const blog = await addSource(db, 'Vacuum Weekly');
    await addArticle(db, blog, 'A security review', ['Security']);
    await addArticle(db, blog, 'Vacuum tuning this week', []);
    await addArticle(db, blog, 'Autovacuum and bloat', []);
    await addArticle(db, blog, 'Vacuum in the old days', [], 40);
    await addArticle(db, blog, 'Replication lag, explained', []);
    const reader = await addReader(db, { email: 'saver@example.test', topics: ['Security'] });
    await addSavedSearch(db, reader, { name: 'Vacuum', query: 'vacuum', inDigest: true });
    await addSavedSearch(db, reader, {
      name: 'Replication',
      query: 'replication',
      inDigest: false,
    });

    const report = await run();
    expect(report.sent).toBe(1);
    const [mail] = peer.received.filter((one) => one.to.includes('saver@example.test'));
    const text = mail!.decoded;
    expect(text).toContain('for your topics, sources and saved searches');
    expect(text).toContain('Your saved search Vacuum: 1 new');
    expect(text).toContain(`${PUBLIC_URL}/search?searchQuery=vacuum`);
    // The week's match: the article published this week, not the one found now but 40 days old,
    // and not "Autovacuum", a word of its own.
    expect(text).toContain('Vacuum tuning this week');
    expect(text).not.toContain('Vacuum in the old days');
    expect(text).not.toContain('Replication');
    expect(text).toContain('A security review');
  });
});

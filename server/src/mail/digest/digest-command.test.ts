import { existsSync, readFileSync } from 'node:fs';
import { digestCommands } from '../../admin/digest-commands.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import { openTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { addArticle, addReader, addSource } from '../../testing/digest-fixtures.js';
import { capturePrinted } from '../../testing/log-capture.js';
import { makeTempDir, testConfig } from '../../testing/test-config.js';
import { digestWeekOf } from './digest-week.js';

let database: TestDatabase;
let db: Db;
let config: Config;
const printed = capturePrinted();

beforeAll(async () => {
  database = await openTestDatabase('embedded');
  db = database.db;
  config = testConfig({
    DATA_DIR: makeTempDir('digest-admin'),
    PUBLIC_URL: 'https://blogstream.test',
  });
  await addArticle(db, await addSource(db, 'Admin Blog'), 'Zero trust at scale', ['Security'], 0);
  await addReader(db, { email: 'weekly@example.test', topics: ['Security'] });
  await addReader(db, { email: 'off@example.test', topics: ['UX'], weekly: false });
});

afterAll(async () => {
  await database.close();
});

test('digest --dry-run EMAIL prints the subject and text part, writes the HTML, and sends or records nothing', async () => {
  await digestCommands.digest?.run(db, ['--dry-run', 'Weekly@example.test'], config);
  const output = printed.text();
  expect(output).toMatch(/^Subject: +Your Blogstream weekly digest: Zero trust at scale$/m);
  expect(output).toMatch(/^List-Unsubscribe-Post: +List-Unsubscribe=One-Click$/m);
  expect(output).toContain('1. Zero trust at scale');
  expect(output).toContain('https://blogstream.test/settings');
  const htmlFile = /^HTML part: +(.*)$/m.exec(output)?.[1] ?? '';
  expect(existsSync(htmlFile)).toBe(true);
  expect(readFileSync(htmlFile, 'utf8')).toContain('Zero trust at scale</a>');
  expect(output).toContain('Dry run: nothing was sent or recorded.');

  const deliveries = await db.query('SELECT 1 FROM digest_deliveries');
  const outbox = await db.query('SELECT 1 FROM mail_outbox');
  expect([deliveries.rows.length, outbox.rows.length]).toEqual([0, 0]);
});

test('digest --dry-run for a reader with nothing new says no e-mail would go', async () => {
  await digestCommands.digest?.run(db, ['--dry-run', 'off@example.test'], config);
  expect(printed.text()).toContain('Nothing new for off@example.test this week');
});

test('digest sends this week’s digests, readers’ and subscriptions’ (to the outbox without SMTP_URL), once', async () => {
  await digestCommands.digest?.run(db, [], config);
  await digestCommands.digest?.run(db, [], config);
  const { rows } = await db.query<{ recipient: string }>('SELECT recipient FROM mail_outbox');
  expect(rows).toEqual([{ recipient: 'weekly@example.test' }]);
  // Each run does the readers, then the topic and collection subscriptions.
  expect(printed.lines.filter((line) => line.startsWith('Digest run (admin)'))).toEqual([
    expect.stringMatching(/: 1 readers in [\d.]+ s, 1 sent,/),
    expect.stringMatching(/: 0 subscriptions in [\d.]+ s, 0 sent,/),
    expect.stringMatching(/: 0 readers in [\d.]+ s, 0 sent,/),
    expect.stringMatching(/: 0 subscriptions in [\d.]+ s, 0 sent,/),
  ]);
  const { rows: done } = await db.query<{ status: string }>(
    'SELECT status FROM digest_deliveries WHERE week = $1',
    [digestWeekOf(new Date()).monday],
  );
  expect(done).toEqual([{ status: 'sent' }]);
});

import { readdir, readFile } from 'node:fs/promises';
import {
  accountsTestConfig,
  openTestDatabase,
  type TestDatabase,
} from '../testing/accounts-harness.js';
import { startSmtpPeer, type SmtpPeer } from '../testing/smtp-peer.js';
import { makeTempDir } from '../testing/test-config.js';
import { consoleLog } from '../lib/log.js';
import { createMailer } from './mailer.js';
import { latestOutboxMessages } from '../db/outbox.js';
import { outboxDir } from './outbox.js';
import {
  quotableName,
  submissionApprovedMail,
  submissionRejectedMail,
  verificationMail,
} from './templates.js';

let database: TestDatabase;
let smtp: SmtpPeer;
const lines: string[] = [];
const log = {
  ...consoleLog('silent'),
  info: (details: object, message: string) =>
    void lines.push(JSON.stringify({ ...details, message })),
};

beforeAll(async () => {
  database = await openTestDatabase('embedded');
  smtp = await startSmtpPeer();
});

afterAll(async () => {
  await smtp?.close();
  await database?.close();
});

const from = accountsTestConfig().accounts.mail.from;
const hostile =
  'Evil <script>alert(1)</script>\r\nBcc: everyone@victim.example\r\n\r\nClick http://evil.example';

test('over SMTP the recipient gets our text and the link', async () => {
  const mailer = createMailer({
    mail: { smtpUrl: smtp.url, from },
    db: database.db,
    dataDir: makeTempDir('data'),
    log,
  });
  const link = 'http://blogstream.test/api/verify_email/abc';
  await mailer.send({ to: 'ada@example.test', ...verificationMail('Blogstream', link) });
  mailer.close();

  const mail = await smtp.waitFor((received) => received.to.includes('ada@example.test'));
  expect(mail.subject).toBe('Confirm your e-mail address for Blogstream');
  expect(mail.raw).toMatch(/^From: Blogstream <no-reply@blogstream\.test>$/m);
  expect(mail.decoded).toContain(link);
  expect(mail.raw).toMatch(/Content-Type: text\/plain/);
  expect(mail.raw).toMatch(/Content-Type: text\/html/);
});

test('a stranger’s blog name is quoted escaped, on one line, and cannot add headers', async () => {
  const mailer = createMailer({
    mail: { smtpUrl: smtp.url, from },
    db: database.db,
    dataDir: makeTempDir('data'),
    log,
  });
  await mailer.send({
    to: 'submitter@example.test',
    ...submissionApprovedMail('Blogstream', hostile, 'http://blogstream.test/source-feed/source/x'),
  });
  await mailer.send({
    to: 'submitter@example.test',
    ...submissionRejectedMail('Blogstream', hostile),
  });
  mailer.close();

  const approved = await smtp.waitFor((mail) => mail.subject.includes('approved'));
  const rejected = await smtp.waitFor(
    (mail) => mail.to.includes('submitter@example.test') && !mail.subject.includes('approved'),
  );
  for (const mail of [approved, rejected]) {
    expect(mail.to).toEqual(['submitter@example.test']);
    expect(mail.raw).not.toMatch(/^Bcc:/im);
    const html = mail.decoded.slice(mail.decoded.indexOf('Content-Type: text/html'));
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(mail.subject).not.toContain('Evil');
  }
});

test('quotableName keeps one line of at most 80 characters', () => {
  expect(quotableName(hostile)).not.toMatch(/[\r\n]/);
  expect(quotableName('a\u2028b\tc')).toBe('a b c');
  expect(quotableName('x'.repeat(200))).toHaveLength(80);
});

test('without SMTP the message goes to the outbox: the database and an .eml file', async () => {
  const dataDir = makeTempDir('data');
  const mailer = createMailer({
    mail: { smtpUrl: undefined, from },
    db: database.db,
    dataDir,
    log,
  });
  const link = 'http://blogstream.test/reset-password/secret-token-123';
  await mailer.send({ to: 'outbox@example.test', ...verificationMail('Blogstream', link) });
  mailer.close();

  const [latest] = await latestOutboxMessages(database.db, 1);
  expect(latest).toMatchObject({ recipient: 'outbox@example.test' });
  expect(latest?.text).toContain(link);
  const [file] = await readdir(outboxDir(dataDir));
  expect(file).toMatch(/\.eml$/);
  const eml = await readFile(`${outboxDir(dataDir)}/${file}`, 'utf8');
  expect(eml).toMatch(/^To: outbox@example\.test$/m);

  const logged = lines.at(-1) ?? '';
  expect(logged).toContain('outbox@example.test');
  expect(logged).toContain('mail written to the outbox');
  expect(logged).not.toContain('secret-token-123');
});

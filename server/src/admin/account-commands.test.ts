import { TEST_PUBLIC_URL, waitForOutboxMail } from '../testing/accounts-harness.js';
import { capturePrinted } from '../testing/log-capture.js';
import { routeTestSite } from '../testing/route-test-site.js';
import { accountCommands } from './account-commands.js';
import { AdminCommandError } from './admin-command.js';

const site = routeTestSite('embedded', {
  rateLimits: { outcomeMailPerAddress: { limit: 2, windowSeconds: 86_400 } },
});

const printed = capturePrinted();

async function admin(name: string, ...args: string[]): Promise<string> {
  const command = accountCommands[name];
  if (!command) throw new Error(`no command ${name}`);
  await command.run(site.db, args, site.config);
  return printed.text();
}

let submissionCount = 0;
async function submit(email = 'submitter@example.test'): Promise<number> {
  submissionCount += 1;
  const { rows } = await site.db.query<{ submission_id: number }>(
    `INSERT INTO source_submissions (name, url, email) VALUES ($1, $2, $3)
     RETURNING submission_id`,
    [`Ünïcode Blog ${submissionCount}`, `https://submitted-${submissionCount}.example/`, email],
  );
  return Number(rows[0]?.submission_id);
}

describe('set-account-type', () => {
  test('makes a signed-in reader premium at once, and free again', async () => {
    const reader = await site.signIn();
    expect(await admin('set-account-type', reader.email.toUpperCase(), 'premium')).toContain(
      'is now a premium account',
    );
    expect(await reader.client.get('/api/check_logged_in').then((r) => r.json())).toMatchObject({
      account_type: 1,
    });
    await admin('set-account-type', reader.email, 'free');
    expect(await reader.client.get('/api/check_logged_in').then((r) => r.json())).toMatchObject({
      account_type: 0,
    });
  });

  test('refuses an unknown address or type', async () => {
    await expect(admin('set-account-type', 'nobody@example.test', 'premium')).rejects.toThrow(
      AdminCommandError,
    );
    await expect(admin('set-account-type', 'x@example.test', 'gold')).rejects.toThrow(
      /Usage: set-account-type EMAIL premium\|free/,
    );
  });
});

describe('submissions', () => {
  test('lists pending submissions, and every one with --all', async () => {
    const id = await submit();
    // Inserted without the automated checks, which the listing says.
    expect(await admin('submissions')).toMatch(new RegExp(`#${id} .*\\n    checks: not run`));
    await admin('reject-submission', String(id));
    printed.clear();
    expect(await admin('submissions')).not.toContain(`#${id} `);
    expect(await admin('submissions', '--all')).toMatch(new RegExp(`#${id} .* rejected`));
  });

  test('approval adds the blog to the catalogue and e-mails the submitter its page', async () => {
    const email = 'approved@example.test';
    const id = await submit(email);
    expect(await admin('approve-submission', String(id))).toContain(
      'to the catalogue as unicode-blog-',
    );
    const { rows } = await site.db.query<{ url_name: string }>(
      `SELECT s.url_name, s.origin, s.site_url = s.feed_url AS same_url, sub.status
         FROM source_submissions sub JOIN sources s ON s.source_id = sub.source_id
        WHERE sub.submission_id = $1`,
      [id],
    );
    expect(rows[0]).toMatchObject({ origin: 'submission', same_url: true, status: 'approved' });
    const mail = await waitForOutboxMail(site.db, email, 'approved');
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/source-feed/source/${rows[0]?.url_name}`);

    await expect(admin('approve-submission', String(id))).rejects.toThrow(/already approved/);
  });

  test('approval can name the feed, and refuses one the catalogue already has', async () => {
    const first = await submit('feeds@example.test');
    await admin('approve-submission', String(first), 'https://feeds.example/atom.xml');
    const second = await submit('feeds@example.test');
    await expect(
      admin('approve-submission', String(second), 'https://feeds.example/atom.xml'),
    ).rejects.toThrow(/already has this feed/);
    await expect(admin('approve-submission', String(second), 'not a url')).rejects.toThrow(
      AdminCommandError,
    );
  });

  test('rejection e-mails the submitter; outcome mails per address are limited', async () => {
    const email = 'often@example.test';
    for (let round = 0; round < 3; round += 1)
      await admin('reject-submission', String(await submit(email)));
    const { rows } = await site.db.query('SELECT 1 FROM mail_outbox WHERE recipient = $1', [email]);
    expect(rows).toHaveLength(2);
    expect(printed.text()).toContain('Not e-mailed');
  });

  test('an unknown or malformed id is explained', async () => {
    await expect(admin('reject-submission', '999999')).rejects.toThrow(/no submission 999999/);
    await expect(admin('approve-submission', 'abc')).rejects.toThrow(/positive whole number/);
  });
});

test('outbox prints the latest messages with their links', async () => {
  await submit('outbox-reader@example.test').then((id) => admin('approve-submission', String(id)));
  printed.clear();
  const output = await admin('outbox', '1');
  expect(output).toMatch(
    /^#\d+ {2}\S+ \S+ {2}to outbox-reader@example\.test {2}"Your blog submission/,
  );
  expect(output).toContain(`    ${TEST_PUBLIC_URL}/source-feed/source/`);
});

import { ACCOUNT_TYPE } from '@blogstream/shared/lib';
import { createRateLimiter } from '../db/rate-limits.js';
import {
  approveSubmission,
  listSubmissions,
  rejectSubmission,
  type Decision,
  type Submission,
} from '../db/submissions.js';
import { setAccountType } from '../db/users.js';
import type { Db } from '../db/db.js';
import { createMailer } from '../mail/mailer.js';
import { latestOutboxMessages } from '../db/outbox.js';
import { consoleLog } from '../lib/log.js';
import { linksIn } from '../mail/outbox.js';
import {
  submissionApprovedMail,
  submissionRejectedMail,
  type MailContent,
} from '../mail/templates.js';
import { AdminCommandError, type AdminCommand, type AdminConfig } from './admin-command.js';

const accountTypes = { premium: ACCOUNT_TYPE.PREMIUM, free: ACCOUNT_TYPE.FREE } as const;
const DEFAULT_OUTBOX_COUNT = 10;

function positiveInteger(value: string | undefined, what: string): number {
  const number = Number(value);
  if (!value || !Number.isInteger(number) || number <= 0) {
    throw new AdminCommandError(`${what} must be a positive whole number, not "${value ?? ''}".`);
  }
  return number;
}

/**
 * Tells the submitter the outcome. Their address was never verified, so at most a few such
 * messages go to one address a day (`outcomeMailPerAddress`).
 */
async function mailSubmitter(db: Db, config: AdminConfig, to: string, content: MailContent) {
  const limiter = createRateLimiter(db, config.accounts.rateLimits);
  const { allowed } = await limiter.hit([['outcomeMailPerAddress', to]]);
  if (!allowed) {
    console.info(`Not e-mailed: ${to} already got the most outcome messages allowed today.`);
    return;
  }
  const mailer = createMailer({
    mail: config.accounts.mail,
    db,
    dataDir: config.dataDir,
    log: consoleLog('info'),
  });
  try {
    await mailer.send({ to, ...content });
    console.info(`E-mailed the outcome to ${to}.`);
  } finally {
    mailer.close();
  }
}

function explainDecision(decision: Decision, submissionId: number): string | undefined {
  switch (decision.result) {
    case 'notFound':
      return `There is no submission ${submissionId}.`;
    case 'alreadyDecided':
      return `Submission ${submissionId} was already ${decision.status}.`;
    case 'feedExists':
      return `The catalogue already has this feed (source ${decision.sourceId}); reject the submission instead.`;
    default:
      return undefined;
  }
}

/** A submission on one line, then what its automated checks found, a line each. */
function describe(submission: Submission): string {
  const line = [
    `#${submission.submissionId}`,
    submission.createdAt.toISOString().slice(0, 16).replace('T', ' '),
    submission.status,
    JSON.stringify(submission.name),
    submission.url,
    submission.email,
  ].join('  ');
  const results = submission.checkResults;
  if (!results) return `${line}\n    checks: not run`;
  return [
    line,
    ...results.checks.map(
      (check) => `    ${check.status.padEnd(7)} ${check.name}: ${check.detail}`,
    ),
    ...(results.feed_url ? [`    feed: ${results.feed_url}`] : []),
    ...(results.duplicate_of ? [`    duplicate of: ${results.duplicate_of.url_name}`] : []),
  ].join('\n');
}

export const accountCommands: Record<string, AdminCommand> = {
  'set-account-type': {
    summary: 'Make an account premium or free: set-account-type EMAIL premium|free',
    run: async (db, [email, type]) => {
      if (!email || (type !== 'premium' && type !== 'free')) {
        throw new AdminCommandError('Usage: set-account-type EMAIL premium|free');
      }
      const address = email.trim().toLowerCase();
      if (!(await setAccountType(db, address, accountTypes[type]))) {
        throw new AdminCommandError(`No account has the address ${address}.`);
      }
      console.info(`${address} is now a ${type} account.`);
    },
  },

  submissions: {
    summary: 'List blog submissions waiting for review (--all: every submission)',
    run: async (db, args) => {
      const submissions = await listSubmissions(db, args.includes('--all'));
      if (submissions.length === 0) console.info('No submissions to review.');
      for (const submission of submissions) console.info(describe(submission));
    },
  },

  'approve-submission': {
    summary:
      'Add a submitted blog to the catalogue and e-mail the submitter: approve-submission ID [FEED_URL]',
    run: async (db, [id, feedUrl], config) => {
      const submissionId = positiveInteger(id, 'The submission id');
      if (feedUrl !== undefined && !/^https?:\/\/\S+$/i.test(feedUrl)) {
        throw new AdminCommandError(`FEED_URL must be an http(s) address, not "${feedUrl}".`);
      }
      const decision = await approveSubmission(db, submissionId, feedUrl);
      const problem = explainDecision(decision, submissionId);
      if (problem || decision.result !== 'approved') throw new AdminCommandError(problem);
      const { submission, urlName } = decision;
      console.info(`Added "${submission.name}" to the catalogue as ${urlName}.`);
      const { siteName, publicUrl } = config.accounts;
      const page = `${publicUrl}/source-feed/source/${urlName}`;
      await mailSubmitter(
        db,
        config,
        submission.email,
        submissionApprovedMail(siteName, submission.name, page),
      );
    },
  },

  'reject-submission': {
    summary: 'Decline a submitted blog and e-mail the submitter: reject-submission ID',
    run: async (db, [id], config) => {
      const submissionId = positiveInteger(id, 'The submission id');
      const decision = await rejectSubmission(db, submissionId);
      const problem = explainDecision(decision, submissionId);
      if (problem || decision.result !== 'rejected') throw new AdminCommandError(problem);
      console.info(`Rejected "${decision.submission.name}".`);
      const content = submissionRejectedMail(config.accounts.siteName, decision.submission.name);
      await mailSubmitter(db, config, decision.submission.email, content);
    },
  },

  outbox: {
    summary: 'Show the latest e-mails kept instead of sent (no SMTP_URL), with links: outbox [N]',
    run: async (db, [count]) => {
      const limit = count === undefined ? DEFAULT_OUTBOX_COUNT : positiveInteger(count, 'N');
      const messages = await latestOutboxMessages(db, limit);
      if (messages.length === 0) console.info('The outbox is empty.');
      for (const message of messages) {
        const when = message.createdAt.toISOString().slice(0, 19).replace('T', ' ');
        console.info(
          `#${message.messageId}  ${when}  to ${message.recipient}  "${message.subject}"`,
        );
        for (const link of linksIn(message.text)) console.info(`    ${link}`);
      }
    },
  },
};

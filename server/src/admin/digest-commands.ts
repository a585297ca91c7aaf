import { digestOnce, previewDigest, type DigestOnceOptions } from '../jobs/digest-job.js';
import { digestSummaryFor } from '../jobs/content-jobs.js';
import { adminLog, AdminCommandError, type AdminCommand } from './admin-command.js';

const USAGE = 'digest [--dry-run [EMAIL]]';

export const digestCommands: Record<string, AdminCommand> = {
  digest: {
    summary:
      "Send this week's digest to the weekly readers who have not had it (--dry-run [EMAIL]: preview one reader's, send nothing)",
    run: async (db, args, config) => {
      const dryRun = args.includes('--dry-run');
      const rest = args.filter((arg) => arg !== '--dry-run');
      if (rest.some((arg) => arg.startsWith('-')) || rest.length > 1 || (!dryRun && rest.length)) {
        throw new AdminCommandError(`Usage: ${USAGE}`);
      }
      const summaries = digestSummaryFor(db, config);
      try {
        if (dryRun) {
          const preview = await previewDigest(db, config, {
            email: rest[0],
            summaryFor: summaries.summaryFor,
          });
          if (!preview) {
            throw new AdminCommandError(
              rest[0]
                ? `No reader has the address ${rest[0]}.`
                : 'No reader gets the weekly digest.',
            );
          }
          if (!preview.weekly) {
            console.info(
              `(${preview.email} does not get the weekly digest; previewing it anyway.)`,
            );
          }
          if (!preview.mail) {
            console.info(`Nothing new for ${preview.email} this week: no e-mail would be sent.`);
            return;
          }
          console.info(`To:         ${preview.email}`);
          console.info(`Subject:    ${preview.mail.subject}`);
          console.info(`Message-ID: ${preview.mail.messageId}`);
          for (const [name, value] of Object.entries(preview.mail.headers)) {
            console.info(`${name}: ${value}`);
          }
          console.info(`HTML part:  ${preview.htmlFile}`);
          console.info(`\n${preview.mail.text}`);
          console.info('Dry run: nothing was sent or recorded.');
          return;
        }
        const options: DigestOnceOptions = { trigger: 'admin', summaryFor: summaries.summaryFor };
        // The summary line is the output; warnings (failed sends) go with it.
        await digestOnce(db, config, adminLog(config), options);
      } finally {
        await summaries.close();
      }
    },
  },
};

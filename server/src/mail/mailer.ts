import type { Db } from '../db/db.js';
import type { Log } from '../lib/log.js';
import type { MailContent } from './templates.js';
import { createMailTransport, type MailConfig } from './transport.js';

export interface MailMessage extends MailContent {
  to: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  mail: MailConfig;
  db: Db;
  dataDir: string;
  /** The server's logger, or the console in admin commands. */
  log: Log;
}

/** Account mail: SMTP when SMTP_URL is set; otherwise the outbox (database plus .eml files in DATA_DIR). */
export function createMailer({ mail, db, dataDir, log }: MailerOptions): Mailer {
  const transport = createMailTransport(mail, dataDir);
  return {
    send: async (message) => {
      await transport.send(message, db);
      if (transport.kind === 'outbox') {
        log.info({ to: message.to, subject: message.subject }, 'mail written to the outbox');
      }
    },
    close: () => transport.close(),
  };
}

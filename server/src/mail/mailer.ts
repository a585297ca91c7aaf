import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { AccountsConfig } from '../accounts/accounts-config.js';
import type { Db } from '../db/db.js';
import { writeToOutbox } from './outbox.js';
import type { MailContent } from './templates.js';

export interface MailMessage extends MailContent {
  to: string;
}

/** Where the mailer reports: the server's logger, or the console in admin commands. */
export interface MailLog {
  info(details: object, message: string): void;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  mail: AccountsConfig['mail'];
  db: Db;
  dataDir: string;
  log: MailLog;
}

const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** SMTP when SMTP_URL is set; otherwise the outbox (database plus .eml files in DATA_DIR). */
export function createMailer({ mail, db, dataDir, log }: MailerOptions): Mailer {
  // createTransport({ url }) drops every other option; the transport's constructor merges them.
  const smtp = mail.smtpUrl
    ? nodemailer.createTransport(new SMTPTransport({ url: mail.smtpUrl, ...SMTP_TIMEOUTS }))
    : undefined;
  // Builds the RFC 5322 message without sending it anywhere.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    send: async (message) => {
      const envelope = { from: mail.from, ...message };
      if (smtp) {
        await smtp.sendMail(envelope);
        return;
      }
      const { message: raw } = await composer.sendMail(envelope);
      await writeToOutbox(db, dataDir, message, raw.toString('utf8'));
      log.info({ to: message.to, subject: message.subject }, 'mail written to the outbox');
    },
    close: () => {
      smtp?.close();
      composer.close();
    },
  };
}

import nodemailer from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Queryable } from '../db/db.js';
import { writeToOutbox } from './outbox.js';
import type { MailContent } from './templates.js';

/** SMTP_URL and MAIL_FROM, read with the accounts' settings (docs/CONFIGURATION.md). */
export interface MailConfig {
  smtpUrl: string | undefined;
  from: string | { name: string; address: string };
}

export type MailFrom = MailConfig['from'];

/** One message as it leaves; a digest brings its own Message-ID and headers. */
export interface OutgoingMail extends MailContent {
  to: string;
  messageId?: string;
  headers?: Record<string, string>;
}

/** SMTP connections kept open, each reused for up to `maxMessages` messages. */
export interface SmtpPoolOptions {
  maxConnections: number;
  maxMessages: number;
}

/**
 * How mail leaves: over SMTP, or into the outbox (the database plus an .eml file in DATA_DIR).
 * `send` resolves once the message is accepted. The outbox writes with `db`, which may be the
 * transaction that also records the message as sent; SMTP needs none.
 */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail, db?: Queryable): Promise<void>;
  close(): void;
}

const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * SMTP to `smtpUrl`: a connection per message, or a pool of reused connections. The transport is
 * built directly: createTransport({ url, ... }) keeps only what the URL says and drops every
 * other option (the timeouts, the pool).
 */
export function smtpTransport(
  smtpUrl: string,
  from: MailFrom,
  pool?: SmtpPoolOptions,
): MailTransport {
  const transport = pool
    ? nodemailer.createTransport(
        new SMTPPool({ url: smtpUrl, pool: true, ...pool, ...SMTP_TIMEOUTS }),
      )
    : nodemailer.createTransport(new SMTPTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }));
  return {
    kind: 'smtp',
    send: async (mail) => {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}

/** The outbox: each message composed as an RFC 5322 message and kept, never sent. */
export function outboxTransport(dataDir: string, from: MailFrom): MailTransport {
  // Builds the message without sending it anywhere.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    kind: 'outbox',
    send: async (mail, db) => {
      if (!db) throw new Error('the outbox is written with a database connection or transaction');
      const { message } = await composer.sendMail({ from, ...mail });
      await writeToOutbox(db, dataDir, mail, message.toString('utf8'));
    },
    close: () => composer.close(),
  };
}

/** SMTP when SMTP_URL is set (pooled with `pool`); otherwise the outbox under `dataDir`. */
export function createMailTransport(
  { smtpUrl, from }: MailConfig,
  dataDir: string,
  pool?: SmtpPoolOptions,
): MailTransport {
  return smtpUrl ? smtpTransport(smtpUrl, from, pool) : outboxTransport(dataDir, from);
}

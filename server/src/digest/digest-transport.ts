import nodemailer from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { Config } from '../config.js';
import type { Queryable } from '../db/db.js';
import { writeToOutbox } from '../mail/outbox.js';
import type { DigestMail } from './digest-mail.js';

/**
 * How digests leave: `send` resolves once the transport accepted the message. A transactional
 * transport writes the message with `tx`, the transaction that also records it as sent, so the
 * two cannot disagree; an SMTP transport cannot do that (docs/decisions/0010-digest-delivery.md).
 */
export interface DigestTransport {
  readonly transactional: boolean;
  /** Messages handed over at once; the run keeps this many readers in flight. */
  readonly concurrency: number;
  send(mail: DigestMail, tx?: Queryable): Promise<void>;
  close(): void;
}

type From = Config['accounts']['mail']['from'];

const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

function envelopeOf(from: From, mail: DigestMail) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    headers: mail.headers,
  };
}

/**
 * Pooled SMTP: a few connections, each reused for many messages. The pool is built directly:
 * createTransport({ url, ... }) keeps only what the URL says and drops every other option.
 */
export function smtpDigestTransport(smtpUrl: string, from: From, connections = 4): DigestTransport {
  const transport = nodemailer.createTransport(
    new SMTPPool({
      url: smtpUrl,
      pool: true,
      maxConnections: connections,
      maxMessages: 500,
      ...SMTP_TIMEOUTS,
    }),
  );
  return {
    transactional: false,
    concurrency: connections,
    send: async (mail) => {
      await transport.sendMail(envelopeOf(from, mail));
    },
    close: () => transport.close(),
  };
}

/** The outbox (database plus .eml files), written in the transaction that records the send. */
export function outboxDigestTransport(dataDir: string, from: From): DigestTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    transactional: true,
    concurrency: 2,
    send: async (mail, tx) => {
      if (!tx) throw new Error('the outbox transport writes inside the recording transaction');
      const { message } = await composer.sendMail(envelopeOf(from, mail));
      await writeToOutbox(tx, dataDir, mail, message.toString('utf8'));
    },
    close: () => composer.close(),
  };
}

/** The configured transport, as for account mail: SMTP_URL, else the outbox. */
export function createDigestTransport(config: Config): DigestTransport {
  const { smtpUrl, from } = config.accounts.mail;
  return smtpUrl ? smtpDigestTransport(smtpUrl, from) : outboxDigestTransport(config.dataDir, from);
}

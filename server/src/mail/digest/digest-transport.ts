import type { Queryable } from '../../db/db.js';
import {
  createMailTransport,
  outboxTransport,
  smtpTransport,
  type MailConfig,
  type MailFrom,
  type MailTransport,
} from '../transport.js';
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

/** Digests go over pooled SMTP: a few connections, each reused for many messages. */
export const DIGEST_POOL = { maxConnections: 4, maxMessages: 500 };
/** Outbox writes at once (each inside its reader's recording transaction). */
const OUTBOX_CONCURRENCY = 2;

/** The outbox is written in the transaction that records the send; SMTP cannot join it. */
function forDigests(transport: MailTransport, smtpConnections: number): DigestTransport {
  const transactional = transport.kind === 'outbox';
  return {
    transactional,
    concurrency: transactional ? OUTBOX_CONCURRENCY : smtpConnections,
    send: (mail, tx) => transport.send(mail, tx),
    close: () => transport.close(),
  };
}

export function smtpDigestTransport(
  smtpUrl: string,
  from: MailFrom,
  connections = DIGEST_POOL.maxConnections,
): DigestTransport {
  const pool = { ...DIGEST_POOL, maxConnections: connections };
  return forDigests(smtpTransport(smtpUrl, from, pool), connections);
}

/** The outbox (database plus .eml files), written in the transaction that records the send. */
export function outboxDigestTransport(dataDir: string, from: MailFrom): DigestTransport {
  return forDigests(outboxTransport(dataDir, from), DIGEST_POOL.maxConnections);
}

/** The mail settings of accounts, and DATA_DIR for the outbox. */
export interface DigestTransportConfig {
  accounts: { mail: MailConfig };
  dataDir: string;
}

/** The configured transport, as for account mail: SMTP_URL (pooled), else the outbox. */
export function createDigestTransport(config: DigestTransportConfig): DigestTransport {
  const transport = createMailTransport(config.accounts.mail, config.dataDir, DIGEST_POOL);
  return forDigests(transport, DIGEST_POOL.maxConnections);
}

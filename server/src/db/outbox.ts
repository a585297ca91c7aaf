import type { Queryable } from './db.js';

/** An e-mail kept in the outbox (mail_outbox) instead of sent: no SMTP server is configured. */
export interface OutboxMessage {
  messageId: number;
  recipient: string;
  subject: string;
  text: string;
  raw: string;
  createdAt: Date;
}

interface OutboxRow {
  message_id: number;
  recipient: string;
  subject: string;
  text_body: string;
  raw: string;
  created_at: Date | string;
}

/** Keeps one message; its id and when it was stored (undefined only if nothing was returned). */
export async function insertOutboxMessage(
  db: Queryable,
  message: { to: string; subject: string; text: string },
  raw: string,
): Promise<{ messageId: number; createdAt: Date } | undefined> {
  const { rows } = await db.query<{ message_id: number; created_at: Date | string }>(
    `INSERT INTO mail_outbox (recipient, subject, text_body, raw) VALUES ($1, $2, $3, $4)
     RETURNING message_id, created_at`,
    [message.to, message.subject, message.text, raw],
  );
  const [row] = rows;
  return row && { messageId: Number(row.message_id), createdAt: new Date(row.created_at) };
}

const toOutboxMessage = (row: OutboxRow): OutboxMessage => ({
  messageId: Number(row.message_id),
  recipient: row.recipient,
  subject: row.subject,
  text: row.text_body,
  raw: row.raw,
  createdAt: new Date(row.created_at),
});

const OUTBOX_COLUMNS = 'message_id, recipient, subject, text_body, raw, created_at';

/** The newest `limit` messages, newest first. */
export async function latestOutboxMessages(db: Queryable, limit: number): Promise<OutboxMessage[]> {
  const { rows } = await db.query<OutboxRow>(
    `SELECT ${OUTBOX_COLUMNS} FROM mail_outbox ORDER BY message_id DESC LIMIT $1`,
    [limit],
  );
  return rows.map(toOutboxMessage);
}

export async function findOutboxMessage(
  db: Queryable,
  messageId: number,
): Promise<OutboxMessage | undefined> {
  const { rows } = await db.query<OutboxRow>(
    `SELECT ${OUTBOX_COLUMNS} FROM mail_outbox WHERE message_id = $1`,
    [messageId],
  );
  return rows[0] && toOutboxMessage(rows[0]);
}

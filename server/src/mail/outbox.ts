import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Queryable } from '../db/db.js';
import type { MailContent } from './templates.js';

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

export function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox');
}

/**
 * The default transport when no SMTP server is configured: the message is kept in the database
 * (shared by every process, read by `npm run admin -- outbox` and /dev/mail) and as an .eml file
 * under DATA_DIR/outbox/ that a mail program can open.
 */
export async function writeToOutbox(
  db: Queryable,
  dataDir: string,
  message: MailContent & { to: string },
  raw: string,
): Promise<void> {
  const { rows } = await db.query<{ message_id: number; created_at: Date | string }>(
    `INSERT INTO mail_outbox (recipient, subject, text_body, raw) VALUES ($1, $2, $3, $4)
     RETURNING message_id, created_at`,
    [message.to, message.subject, message.text, raw],
  );
  const [row] = rows;
  if (!row) return;
  const stamp = new Date(row.created_at).toISOString().replace(/[:.]/g, '-');
  const dir = outboxDir(dataDir);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${stamp}-${row.message_id}.eml`), raw, { mode: 0o600 });
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

/** The http(s) links of a message's text part. */
export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/\S+/g) ?? [];
}

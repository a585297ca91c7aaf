import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Queryable } from '../db/db.js';
import { insertOutboxMessage } from '../db/outbox.js';
import type { MailContent } from './templates.js';

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
  const stored = await insertOutboxMessage(db, message, raw);
  if (!stored) return;
  const stamp = stored.createdAt.toISOString().replace(/[:.]/g, '-');
  const dir = outboxDir(dataDir);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${stamp}-${stored.messageId}.eml`), raw, { mode: 0o600 });
}

/** The http(s) links of a message's text part. */
export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/\S+/g) ?? [];
}

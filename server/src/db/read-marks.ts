import type { Queryable } from './db.js';
import { setReaderLink } from './reader-links.js';

const READ_MARKS = {
  table: 'read_marks',
  key: 'post_id',
  things: 'articles',
  target: 'article',
} as const;

/**
 * Marks an article read or unread for the reader; idempotent (marking a read article read again
 * keeps when it was first read). False when the article does not exist.
 */
export function setRead(
  db: Queryable,
  userId: number,
  postId: number,
  read: boolean,
): Promise<boolean> {
  return setReaderLink(db, READ_MARKS, userId, postId, read);
}

/**
 * SQL over the article alias `a`: true unless the reader turned Hide read on and read the article
 * by `readBefore` (placeholders, e.g. `$1` and `$4`). The cutoff is the moment the scroll began:
 * an article read while the reader scrolls stays in the pages already counted, so no later page
 * shifts and skips one.
 */
export function notHiddenAsRead(reader: string, readBefore: string): string {
  return `NOT EXISTS (
      SELECT 1 FROM read_marks r JOIN users hr ON hr.user_id = r.user_id AND hr.hide_read
       WHERE r.user_id = ${reader} AND r.post_id = a.post_id AND r.read_at <= ${readBefore}
    )`;
}

export async function hideRead(db: Queryable, userId: number): Promise<boolean> {
  const { rows } = await db.query<{ hide_read: boolean }>(
    'SELECT hide_read FROM users WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.hide_read === true;
}

export async function saveHideRead(db: Queryable, userId: number, hide: boolean): Promise<void> {
  await db.query('UPDATE users SET hide_read = $2 WHERE user_id = $1', [userId, hide]);
}

import type { Db, Queryable } from './db.js';
import { RANDOM_TOKEN, randomToken, sha256Hex } from '../lib/tokens.js';

export type EmailTokenPurpose = 'verify_email' | 'reset_password';

const HOUR = 60 * 60;
export const emailTokenLifetimeSeconds: Record<EmailTokenPurpose, number> = {
  verify_email: 48 * HOUR,
  reset_password: HOUR,
};

/**
 * A new single-use token for an e-mailed link. A new reset link retires the earlier ones (only
 * the newest can change the password); every verification link sent stays good until it expires.
 */
export function issueEmailToken(
  db: Db,
  userId: number,
  purpose: EmailTokenPurpose,
): Promise<string> {
  const token = randomToken();
  return db.transaction(async (tx) => {
    if (purpose === 'reset_password') {
      await tx.query(
        `UPDATE email_tokens SET used_at = now()
          WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
        [userId, purpose],
      );
    }
    await tx.query(
      `INSERT INTO email_tokens (token_hash, user_id, purpose, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4::int))`,
      [sha256Hex(token), userId, purpose, emailTokenLifetimeSeconds[purpose]],
    );
    return token;
  });
}

/** Uses up a token: the user id it was issued to, or undefined when unknown, used or expired. */
export async function redeemEmailToken(
  db: Queryable,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<number | undefined> {
  if (!RANDOM_TOKEN.test(token)) return undefined;
  const { rows } = await db.query<{ user_id: number }>(
    `UPDATE email_tokens SET used_at = now()
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id`,
    [sha256Hex(token), purpose],
  );
  return rows[0] && Number(rows[0].user_id);
}

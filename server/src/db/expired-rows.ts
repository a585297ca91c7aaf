import type { Queryable } from './db.js';

const OUTBOX_KEEP_DAYS = 30;

const SWEEPS = [
  'DELETE FROM sessions WHERE expires_at < now()',
  "DELETE FROM email_tokens WHERE expires_at < now() - interval '1 day'",
  'DELETE FROM captcha_redemptions WHERE expires_at < now()',
  'DELETE FROM rate_limit_counters WHERE window_end < now()',
  `DELETE FROM mail_outbox WHERE created_at < now() - interval '${OUTBOX_KEEP_DAYS} days'`,
  // A digest subscription never confirmed gave no consent to keep its address.
  `DELETE FROM digest_subscriptions WHERE status = 'pending' AND token_expires_at < now() - interval '1 day'`,
];

/** Removes rows that can no longer matter: expired sessions, tokens, counters, old outbox mail. */
export async function sweepExpired(db: Queryable): Promise<void> {
  for (const sweep of SWEEPS) await db.query(sweep);
}

import type { Queryable } from './db.js';

/** Records a captcha solution as used until `expiresAt`; false when it already was. */
export async function redeemCaptchaOnce(
  db: Queryable,
  tokenHash: string,
  expiresAt: Date,
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO captcha_redemptions (token_hash, expires_at) VALUES ($1, $2)
     ON CONFLICT (token_hash) DO NOTHING RETURNING token_hash`,
    [tokenHash, expiresAt],
  );
  return rows.length === 1;
}

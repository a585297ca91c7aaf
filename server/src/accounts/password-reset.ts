import { passwordResetMail } from '../mail/templates.js';
import { issueEmailToken, redeemEmailToken } from '../db/email-tokens.js';
import type { AccountServices } from './services.js';
import { endAllSessions } from '../db/sessions.js';
import { findUserByEmail, setPassword } from '../db/users.js';

/** The client route that reads the token from its path (spec §2). */
export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password/${token}`;
}

/**
 * E-mails a reset link when an account has this address. The whole lookup runs in the background
 * so the answer, and its timing, is the same whether or not the account exists.
 */
export function requestPasswordReset(services: AccountServices, email: string): void {
  const { db, config, mailer } = services;
  services.background.run('sending a password reset mail', async () => {
    const user = await findUserByEmail(db, email);
    if (!user) return;
    const token = await issueEmailToken(db, user.userId, 'reset_password');
    await mailer.send({
      to: user.email,
      ...passwordResetMail(config.siteName, resetLink(config.publicUrl, token)),
    });
  });
}

/**
 * Sets a new password with a reset token and ends every session of the account. False when the
 * token is unknown, used or expired.
 */
export async function resetPassword(
  services: AccountServices,
  token: string,
  newPassword: string,
): Promise<boolean> {
  const passwordHash = await services.passwords.hash(newPassword);
  return services.db.transaction(async (tx) => {
    const userId = await redeemEmailToken(tx, token, 'reset_password');
    if (userId === undefined) return false;
    await setPassword(tx, userId, passwordHash);
    await endAllSessions(tx, userId);
    return true;
  });
}

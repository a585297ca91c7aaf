import type { SignInRequest } from '@blogstream/shared/contract';
import type { AccountServices } from './services.js';
import { sendVerificationMail } from './sign-up.js';
import { findUserByEmail } from '../db/users.js';

export type SignInOutcome =
  { result: 'signedIn'; userId: number } | { result: 'invalid' } | { result: 'unverified' };

/**
 * Checks e-mail and password. An unknown e-mail costs the same password check as a known one and
 * gives the same answer as a wrong password. Only the right password reveals that an address
 * still waits for verification; a fresh link is then sent (rate-limited per account).
 */
export async function signInWithPassword(
  services: AccountServices,
  { email, password }: SignInRequest,
): Promise<SignInOutcome> {
  const user = await findUserByEmail(services.db, email);
  const matches = await services.passwords.verify(user?.passwordHash ?? null, password);
  if (!user || !matches) return { result: 'invalid' };
  if (!user.emailVerified) {
    const { allowed } = await services.rateLimiter.hit([
      ['verificationMailPerAccount', String(user.userId)],
    ]);
    if (allowed) sendVerificationMail(services, user.userId, user.email);
    return { result: 'unverified' };
  }
  return { result: 'signedIn', userId: user.userId };
}

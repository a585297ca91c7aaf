import type { Queryable } from '../db/db.js';
import type { GoogleIdentity } from './google-id-token.js';
import {
  findUserByEmail,
  findUserByGoogleSub,
  insertUser,
  linkGoogleAccount,
  type UserRecord,
} from '../db/users.js';

export type GoogleSignInOutcome =
  { result: 'signedIn'; userId: number; name: string; email: string } | { result: 'refused' };

const signedIn = (user: Pick<UserRecord, 'userId' | 'name' | 'email'>) =>
  ({ result: 'signedIn', userId: user.userId, name: user.name, email: user.email }) as const;

/**
 * The account for a verified Google identity: the one already linked to it, else the one with
 * the same address (linked now), else a new one. Refused when Google has not verified the
 * address, or when the address belongs to an account linked to another Google identity.
 */
export async function signInWithGoogle(
  db: Queryable,
  identity: GoogleIdentity,
): Promise<GoogleSignInOutcome> {
  if (!identity.emailVerified) return { result: 'refused' };
  const linked = await findUserByGoogleSub(db, identity.sub);
  if (linked) return signedIn(linked);

  const sameAddress = await findUserByEmail(db, identity.email);
  if (sameAddress) {
    if (sameAddress.googleSub !== null) return { result: 'refused' };
    await linkGoogleAccount(db, sameAddress.userId, identity.sub);
    return signedIn(sameAddress);
  }

  const newUser = { email: identity.email, name: identity.name };
  const userId = await insertUser(db, {
    ...newUser,
    passwordHash: null,
    emailVerified: true,
    googleSub: identity.sub,
  });
  // Lost a race with a sign-up of the same address: link to that account instead.
  if (userId === undefined) return signInWithGoogle(db, identity);
  return signedIn({ userId, ...newUser });
}

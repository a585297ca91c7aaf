import type { SignUpRequest } from '@blogstream/shared/contract';
import { verificationMail } from '../mail/templates.js';
import { issueEmailToken, redeemEmailToken } from '../db/email-tokens.js';
import type { AccountServices } from './services.js';
import { insertUser, markEmailVerified } from '../db/users.js';

export type SignUpOutcome = 'created' | 'emailTaken';

/** The link in the verification e-mail (a GET that redirects to the site). */
export function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/api/verify_email/${token}`;
}

/** E-mails a new verification link (in the background: see BackgroundTasks). */
export function sendVerificationMail(services: AccountServices, userId: number, email: string) {
  const { db, config, mailer } = services;
  services.background.run('sending a verification mail', async () => {
    const token = await issueEmailToken(db, userId, 'verify_email');
    const content = verificationMail(config.siteName, verificationLink(config.publicUrl, token));
    await mailer.send({ to: email, ...content });
  });
}

/** Creates an unverified account and e-mails its verification link. */
export async function signUp(
  services: AccountServices,
  request: Omit<SignUpRequest, 'recaptchaVerifyToken'>,
): Promise<SignUpOutcome> {
  const userId = await insertUser(services.db, {
    email: request.email,
    name: request.name,
    passwordHash: await services.passwords.hash(request.password),
    emailVerified: false,
    googleSub: null,
  });
  if (userId === undefined) return 'emailTaken';
  sendVerificationMail(services, userId, request.email);
  return 'created';
}

/** Follows a verification link: true when it was valid (it is used up). */
export function verifyEmail(services: AccountServices, token: string): Promise<boolean> {
  return services.db.transaction(async (tx) => {
    const userId = await redeemEmailToken(tx, token, 'verify_email');
    if (userId === undefined) return false;
    await markEmailVerified(tx, userId);
    return true;
  });
}

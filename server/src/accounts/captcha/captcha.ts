import type { CaptchaChallenge } from '@blogstream/shared/contract';
import { redeemCaptchaOnce } from '../../db/captcha-redemptions.js';
import type { Queryable } from '../../db/db.js';
import type { AccountsConfig } from '../accounts-config.js';
import type { AccountKeys } from '../../lib/secrets.js';
import { sha256Hex } from '../../lib/tokens.js';
import { createAltcha } from './altcha.js';
import { verifyRecaptcha } from './recaptcha.js';

/** How long a reCAPTCHA token is remembered as used (Google's tokens live 2 minutes). */
const RECAPTCHA_MEMORY_MS = 24 * 60 * 60 * 1000;

export interface Captcha {
  /** A fresh ALTCHA challenge (served for `altcha` and `off`, which looks the same to people). */
  challenge(): Promise<CaptchaChallenge>;
  /** True once per solved captcha: a second use of the same solution is refused. */
  verify(token: string, remoteIp: string): Promise<boolean>;
}

export function createCaptcha(
  db: Queryable,
  options: AccountsConfig['captcha'],
  keys: AccountKeys,
): Captcha {
  const altcha = createAltcha(options.altcha, keys);
  const { recaptcha } = options;
  const verifiers: Record<AccountsConfig['captcha']['provider'], Captcha['verify']> = {
    altcha: async (token) => {
      const solved = await altcha.verify(token);
      return (
        solved !== undefined && redeemCaptchaOnce(db, sha256Hex(solved.signature), solved.expiresAt)
      );
    },
    recaptcha: async (token, remoteIp) =>
      recaptcha !== undefined &&
      (await verifyRecaptcha(recaptcha, token, remoteIp)) &&
      redeemCaptchaOnce(db, sha256Hex(token), new Date(Date.now() + RECAPTCHA_MEMORY_MS)),
    // Development and automated tests only (refused when NODE_ENV=production).
    off: async (token) => token.length > 0,
  };
  return {
    challenge: async () => {
      const { parameters, signature = '' } = await altcha.challenge();
      return { parameters: { ...parameters }, signature };
    },
    verify: verifiers[options.provider],
  };
}

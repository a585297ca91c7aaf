import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { AccountsConfig } from '../accounts-config.js';
import type { AccountKeys } from '../../lib/secrets.js';

const ALGORITHM = 'PBKDF2/SHA-256';
const CHALLENGE_LIFETIME_SECONDS = 10 * 60;

/** What the widget sends back: base64 of JSON {challenge, solution}. */
const payloadSchema = z.object({
  challenge: z.object({
    // Loose: every signed parameter must reach the signature check unchanged.
    parameters: z.looseObject({
      algorithm: z.literal(ALGORITHM),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
    }),
    signature: z.string(),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string() }),
});

export interface SolvedChallenge {
  /** Unique per challenge: what makes a solution single use. */
  signature: string;
  expiresAt: Date;
}

export interface Altcha {
  challenge(): Promise<Challenge>;
  /** The solved challenge when `payload` is a valid, unexpired solution of one of ours. */
  verify(payload: string): Promise<SolvedChallenge | undefined>;
}

function parsePayload(payload: string) {
  try {
    return payloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
  } catch {
    return undefined;
  }
}

/**
 * Self-hosted ALTCHA proof of work, in deterministic mode: the server picks the counter the client
 * must find (between a quarter of the maximum and the maximum), and signs the derived key, so
 * checking a solution costs one HMAC instead of a key derivation.
 */
export function createAltcha(
  options: AccountsConfig['captcha']['altcha'],
  keys: Pick<AccountKeys, 'altchaChallenge' | 'altchaKey'>,
): Altcha {
  const secrets = {
    hmacSignatureSecret: keys.altchaChallenge,
    hmacKeySignatureSecret: keys.altchaKey,
  };
  return {
    challenge: () =>
      createChallenge({
        algorithm: ALGORITHM,
        cost: options.cost,
        counter: randomInt(options.maxCounter, Math.ceil(options.maxCounter / 4)),
        deriveKey,
        expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_SECONDS * 1000),
        ...secrets,
      }),
    verify: async (payload) => {
      const parsed = parsePayload(payload);
      if (!parsed?.success) return undefined;
      const { challenge, solution } = parsed.data;
      const result = await verifySolution({ challenge, solution, deriveKey, ...secrets }).catch(
        () => undefined,
      );
      if (!result?.verified) return undefined;
      const expiresAt = Number(challenge.parameters.expiresAt);
      return {
        signature: challenge.signature,
        expiresAt: new Date(
          Number.isFinite(expiresAt)
            ? expiresAt * 1000
            : Date.now() + CHALLENGE_LIFETIME_SECONDS * 1000,
        ),
      };
    },
  };
}

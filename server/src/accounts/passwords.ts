import { hash, verify, type Algorithm } from '@node-rs/argon2';
import type { AccountsConfig } from './accounts-config.js';
import { randomToken } from '../lib/tokens.js';

// The package's Algorithm is a const enum, which isolated modules cannot read.
const ARGON2ID = 2 as Algorithm.Argon2id;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * True when `password` matches `stored`. A null `stored` (unknown e-mail, Google-only account)
   * still costs one full verification, so the answer takes as long as for a real account.
   */
  verify(stored: string | null, password: string): Promise<boolean>;
}

export async function createPasswordHasher(
  options: AccountsConfig['passwordHashing'],
): Promise<PasswordHasher> {
  const argon2Options = {
    algorithm: ARGON2ID,
    memoryCost: options.memoryKib,
    timeCost: options.iterations,
    parallelism: options.parallelism,
  };
  const hashPassword = (password: string) => hash(password, argon2Options);
  const decoy = await hashPassword(randomToken());
  return {
    hash: hashPassword,
    verify: async (stored, password) => {
      const matches = await verify(stored ?? decoy, password).catch(() => false);
      return stored !== null && matches;
    },
  };
}

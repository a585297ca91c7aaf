import type { Db } from '../db/db.js';
import { createMailer, type Mailer } from '../mail/mailer.js';
import type { AccountsConfig } from './accounts-config.js';
import { createBackgroundTasks, type BackgroundTasks } from '../lib/background-tasks.js';
import { createCaptcha, type Captcha } from './captcha/captcha.js';
import { createGoogleIdTokenVerifier, type GoogleIdTokenVerifier } from './google-id-token.js';
import { createPasswordHasher, type PasswordHasher } from './passwords.js';
import { createRateLimiter, type RateLimiter } from '../db/rate-limits.js';
import type { Log } from '../lib/log.js';
import { deriveAccountKeys, serverSecret, type AccountKeys } from '../lib/secrets.js';

/** Everything the account calls need, built once per process. */
export interface AccountServices {
  db: Db;
  config: AccountsConfig;
  keys: AccountKeys;
  passwords: PasswordHasher;
  mailer: Mailer;
  captcha: Captcha;
  rateLimiter: RateLimiter;
  /** Undefined when GOOGLE_CLIENT_ID is unset: Google sign-in is off. */
  google: GoogleIdTokenVerifier | undefined;
  background: BackgroundTasks;
  close(): Promise<void>;
}

/** The accounts' settings, and DATA_DIR for the embedded secret and the outbox. */
export interface AccountServicesConfig {
  accounts: AccountsConfig;
  dataDir: string;
}

export async function createAccountServices(
  config: AccountServicesConfig,
  db: Db,
  log: Log,
): Promise<AccountServices> {
  const accounts = config.accounts;
  const keys = deriveAccountKeys(await serverSecret(config));
  const mailer = createMailer({ mail: accounts.mail, db, dataDir: config.dataDir, log });
  const background = createBackgroundTasks(log);
  return {
    db,
    config: accounts,
    keys,
    passwords: await createPasswordHasher(accounts.passwordHashing),
    mailer,
    captcha: createCaptcha(db, accounts.captcha, keys),
    rateLimiter: createRateLimiter(db, accounts.rateLimits),
    google: accounts.google && createGoogleIdTokenVerifier(accounts.google, log),
    background,
    close: async () => {
      await background.drain();
      mailer.close();
    },
  };
}

import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Keys derived from SESSION_SECRET, one per purpose, so no key serves two protocols. */
export interface AccountKeys {
  /** Signs the XSRF token bound to the session cookie. */
  xsrf: Buffer;
  /** Signs ALTCHA challenges, and their derived keys (fast verification). */
  altchaChallenge: string;
  altchaKey: string;
}

const SECRET_FILE = 'session-secret';

function derive(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`blogstream:${purpose}`).digest();
}

export function deriveAccountKeys(secret: string): AccountKeys {
  return {
    xsrf: derive(secret, 'xsrf'),
    altchaChallenge: derive(secret, 'altcha-challenge').toString('hex'),
    altchaKey: derive(secret, 'altcha-key').toString('hex'),
  };
}

/**
 * The embedded default when SESSION_SECRET is unset: a secret generated on first start and kept
 * in DATA_DIR (readable by the owner only), so restarts keep sessions signed in. Server mode
 * requires SESSION_SECRET instead (config.ts), since every web process must share it.
 */
export async function secretFromDataDir(dataDir: string): Promise<string> {
  const path = join(dataDir, SECRET_FILE);
  await mkdir(dataDir, { recursive: true });
  try {
    const secret = randomBytes(32).toString('hex');
    await writeFile(path, `${secret}\n`, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return (await readFile(path, 'utf8')).trim();
}

/** What the server secret is read from: SESSION_SECRET, else the one kept in DATA_DIR. */
export interface ServerSecretConfig {
  accounts: { sessionSecret: string | undefined };
  dataDir: string;
}

/**
 * SESSION_SECRET, or the embedded default kept in DATA_DIR: what sessions and digest
 * unsubscribe links are signed with. config.ts requires SESSION_SECRET in server mode, where
 * processes must share it.
 */
export async function serverSecret(config: ServerSecretConfig): Promise<string> {
  return config.accounts.sessionSecret ?? (await secretFromDataDir(config.dataDir));
}

import { createHmac } from 'node:crypto';
import { secretFromDataDir } from '../../lib/secrets.js';
import { safeEqual } from '../../lib/tokens.js';
import type { Config } from '../../config.js';

/** Where a digest's unsubscribe link points (outside /api: no session, no XSRF, see the route). */
export const UNSUBSCRIBE_PATH = '/digest/unsubscribe';

/** 128 bits of HMAC-SHA-256: unguessable, and short enough for a link. */
const MAC_BYTES = 16;
const TOKEN = /^([1-9][0-9]{0,17})\.([A-Za-z0-9_-]{22})$/;

/**
 * The key of unsubscribe tokens, derived from the server secret for this purpose only (as
 * deriveAccountKeys derives the XSRF and captcha keys), so a token is no XSRF token or the like.
 */
export function deriveUnsubscribeKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('blogstream:digest-unsubscribe').digest();
}

/** SESSION_SECRET, or the embedded default kept in DATA_DIR (what the web process signs with). */
export async function serverSecret(config: Config): Promise<string> {
  return config.accounts.sessionSecret ?? (await secretFromDataDir(config.dataDir));
}

function macOf(key: Buffer, userId: number): string {
  return createHmac('sha256', key)
    .update(`digest-unsubscribe:${userId}`)
    .digest()
    .subarray(0, MAC_BYTES)
    .toString('base64url');
}

/**
 * `<user id>.<MAC of the id>`: names one reader and cannot be made for another without the key.
 * It never expires (an old digest's link must keep working) and only ever turns the digest off.
 */
export function unsubscribeToken(key: Buffer, userId: number): string {
  return `${userId}.${macOf(key, userId)}`;
}

/** The reader a token was made for, or undefined for anything not made with `key`. */
export function verifyUnsubscribeToken(key: Buffer, token: unknown): number | undefined {
  if (typeof token !== 'string') return undefined;
  const match = TOKEN.exec(token);
  if (!match?.[1] || !match[2]) return undefined;
  const userId = Number(match[1]);
  if (!Number.isSafeInteger(userId)) return undefined;
  return safeEqual(match[2], macOf(key, userId)) ? userId : undefined;
}

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}

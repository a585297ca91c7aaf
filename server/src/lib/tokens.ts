import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe: session ids and e-mailed tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What `randomToken` produces; anything else is refused before it reaches the database. */
export const RANDOM_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Tokens are stored as their SHA-256 only, so a copy of the database cannot be replayed. A keyed
 * hash adds nothing here: the tokens carry 256 bits of entropy.
 */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmacBase64Url(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

/** Constant-time comparison of two strings (false at once when the lengths differ). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/tokens.js';

/** Where a digest's unsubscribe link points (outside /api: no session, no XSRF, see the route). */
export const UNSUBSCRIBE_PATH = '/digest/unsubscribe';

/** 128 bits of HMAC-SHA-256: unguessable, and short enough for a link. */
const MAC_BYTES = 16;
const TOKEN = /^([sq]?)([1-9][0-9]{0,17})\.([A-Za-z0-9_-]{22})$/;

/**
 * What a token unsubscribes: a reader from their weekly digest, one topic or collection
 * subscription (docs/decisions/0026-digests-for-anyone.md), or a saved search's e-mail alert
 * (docs/decisions/0040-saved-searches.md).
 */
export type UnsubscribeKind = 'reader' | 'subscription' | 'savedSearch';
export interface UnsubscribeTarget {
  kind: UnsubscribeKind;
  id: number;
}

/**
 * A subscription's token starts with `s`, a saved search's `q`; a reader's has no prefix (the
 * links already sent).
 */
const PREFIX: Record<UnsubscribeKind, string> = { reader: '', subscription: 's', savedSearch: 'q' };
const KIND_OF_PREFIX = new Map(
  Object.entries(PREFIX).map(([kind, prefix]) => [prefix, kind as UnsubscribeKind]),
);

/** The recipient as tokens and Message-IDs name it: `42` (a reader), `s42` (a subscription). */
export function recipientKey({ kind, id }: UnsubscribeTarget): string {
  return `${PREFIX[kind]}${id}`;
}
const PURPOSE: Record<UnsubscribeKind, string> = {
  reader: 'digest-unsubscribe',
  subscription: 'digest-subscription-unsubscribe',
  savedSearch: 'saved-search-alert-unsubscribe',
};

/**
 * The key of unsubscribe tokens, derived from the server secret for this purpose only (as
 * deriveAccountKeys derives the XSRF and captcha keys), so a token is no XSRF token or the like.
 */
export function deriveUnsubscribeKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('blogstream:digest-unsubscribe').digest();
}

function macOf(key: Buffer, { kind, id }: UnsubscribeTarget): string {
  return createHmac('sha256', key)
    .update(`${PURPOSE[kind]}:${id}`)
    .digest()
    .subarray(0, MAC_BYTES)
    .toString('base64url');
}

/**
 * `<user id>.<MAC of the id>` (or `s<subscription id>.<MAC>`): names one reader or subscription
 * and cannot be made for another without the key. It never expires (an old digest's link must
 * keep working) and only ever turns the digest off.
 */
export function unsubscribeToken(
  key: Buffer,
  id: number,
  kind: UnsubscribeKind = 'reader',
): string {
  return `${recipientKey({ kind, id })}.${macOf(key, { kind, id })}`;
}

/** What a token was made for, or undefined for anything not made with `key`. */
export function verifyUnsubscribeToken(key: Buffer, token: unknown): UnsubscribeTarget | undefined {
  if (typeof token !== 'string') return undefined;
  const match = TOKEN.exec(token);
  if (!match?.[2] || !match[3]) return undefined;
  const target: UnsubscribeTarget = {
    kind: KIND_OF_PREFIX.get(match[1] ?? '') ?? 'reader',
    id: Number(match[2]),
  };
  if (!Number.isSafeInteger(target.id)) return undefined;
  return safeEqual(match[3], macOf(key, target)) ? target : undefined;
}

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}

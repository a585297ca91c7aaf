import type { Queryable } from './db.js';
import { RANDOM_TOKEN, randomToken, sha256Hex } from '../lib/tokens.js';

/** digest_subscriptions (docs/decisions/0026-digests-for-anyone.md). */
export type SubscriptionKind = 'topic' | 'collection';

/** How long a topic digest's confirmation link works. */
export const CONFIRMATION_LIFETIME_SECONDS = 48 * 3600;

/**
 * Asks for a topic digest for `email`: a pending row with a fresh confirmation token (a new link
 * replaces an earlier unconfirmed one; an unsubscribed address starts over). Undefined when the
 * address already gets it: no second confirmation mail.
 */
export async function requestTopicSubscription(
  db: Queryable,
  email: string,
  topic: string,
): Promise<string | undefined> {
  const token = randomToken();
  const { rows } = await db.query(
    `INSERT INTO digest_subscriptions (email, kind, target, token_hash, token_expires_at)
     VALUES (lower(trim($1)), 'topic', $2, $3, now() + make_interval(secs => $4))
     ON CONFLICT (email, kind, target) DO UPDATE
        SET status = 'pending', token_hash = EXCLUDED.token_hash,
            token_expires_at = EXCLUDED.token_expires_at, unsubscribed_at = NULL
      WHERE digest_subscriptions.status <> 'confirmed'
     RETURNING subscription_id`,
    [email, topic, sha256Hex(token), CONFIRMATION_LIFETIME_SECONDS],
  );
  return rows.length === 1 ? token : undefined;
}

export type ConfirmOutcome =
  | { result: 'confirmed'; kind: SubscriptionKind; target: string }
  | { result: 'invalid' }
  | { result: 'expired' };

/** Follows a confirmation link: the token is used up and the subscription gets the digest. */
export async function confirmSubscription(db: Queryable, token: string): Promise<ConfirmOutcome> {
  if (!RANDOM_TOKEN.test(token)) return { result: 'invalid' };
  const { rows } = await db.query<{ kind: SubscriptionKind; target: string; live: boolean }>(
    `WITH found AS (
       SELECT subscription_id, token_expires_at > now() AS live
         FROM digest_subscriptions WHERE token_hash = $1 AND status = 'pending'
     ), confirmed AS (
       UPDATE digest_subscriptions s
          SET status = 'confirmed', confirmed_at = now(), token_hash = NULL, token_expires_at = NULL
         FROM found WHERE s.subscription_id = found.subscription_id AND found.live
       RETURNING s.subscription_id
     )
     SELECT s.kind, s.target, found.live
       FROM found JOIN digest_subscriptions s ON s.subscription_id = found.subscription_id`,
    [sha256Hex(token)],
  );
  const row = rows[0];
  if (!row) return { result: 'invalid' };
  return row.live
    ? { result: 'confirmed', kind: row.kind, target: row.target }
    : { result: 'expired' };
}

/** Ends a subscription (its one-click unsubscribe); false for an unknown id. */
export async function unsubscribeSubscription(
  db: Queryable,
  subscriptionId: number,
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE digest_subscriptions
        SET status = 'unsubscribed', unsubscribed_at = COALESCE(unsubscribed_at, now()),
            token_hash = NULL, token_expires_at = NULL
      WHERE subscription_id = $1
      RETURNING subscription_id`,
    [subscriptionId],
  );
  return rows.length === 1;
}

/** The state of a collection's digest for its owner; undefined when not the reader's collection. */
export async function collectionDigestState(
  db: Queryable,
  userId: number,
  collectionId: number,
): Promise<{ subscribed: boolean; email: string; verified: boolean } | undefined> {
  const { rows } = await db.query<{ subscribed: boolean; email: string; verified: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM digest_subscriptions s
                     WHERE s.collection_id = c.collection_id AND s.status = 'confirmed') AS subscribed,
            u.email, u.email_verified_at IS NOT NULL AS verified
       FROM collections c JOIN users u ON u.user_id = c.user_id
      WHERE c.user_id = $1 AND c.collection_id = $2`,
    [userId, collectionId],
  );
  return rows[0];
}

/**
 * Turns a collection's digest on or off for its owner. On needs no e-mailed confirmation: the
 * signed-in owner's click is the opt-in for their verified address.
 */
export async function setCollectionDigest(
  db: Queryable,
  userId: number,
  collectionId: number,
  on: boolean,
): Promise<void> {
  if (on) {
    await db.query(
      `INSERT INTO digest_subscriptions
              (email, kind, target, user_id, collection_id, status, confirmed_at)
       SELECT u.email, 'collection', c.collection_id::text, u.user_id, c.collection_id,
              'confirmed', now()
         FROM collections c JOIN users u ON u.user_id = c.user_id
        WHERE c.user_id = $1 AND c.collection_id = $2 AND u.email_verified_at IS NOT NULL
       ON CONFLICT (collection_id) DO UPDATE
          SET email = EXCLUDED.email, status = 'confirmed', confirmed_at = now(),
              unsubscribed_at = NULL`,
      [userId, collectionId],
    );
  } else {
    await db.query(
      `UPDATE digest_subscriptions
          SET status = 'unsubscribed', unsubscribed_at = now()
        WHERE user_id = $1 AND collection_id = $2 AND status <> 'unsubscribed'`,
      [userId, collectionId],
    );
  }
}

/**
 * Adds a pending delivery of the week for every confirmed subscription (a collection's only while
 * its owner's address is verified). Subscriptions already enrolled for the week keep their row.
 */
export async function enrolSubscriptions(db: Queryable, monday: string): Promise<number> {
  const { rows } = await db.query(
    `INSERT INTO subscription_deliveries (subscription_id, week)
     SELECT s.subscription_id, $1::date FROM digest_subscriptions s
       LEFT JOIN users u ON u.user_id = s.user_id
      WHERE s.status = 'confirmed' AND (s.kind = 'topic' OR u.email_verified_at IS NOT NULL)
     ON CONFLICT (subscription_id, week) DO NOTHING
     RETURNING subscription_id`,
    [monday],
  );
  return rows.length;
}

/** A subscription as the digest run sees it. */
export interface DigestSubscription {
  subscriptionId: number;
  /** The address the digest goes to: a collection's goes to its owner's current address. */
  email: string;
  kind: SubscriptionKind;
  /** The topic's name, or the collection's name. */
  title: string;
  collectionId: number | null;
  /** Still confirmed (and, for a collection, its owner's address verified). */
  active: boolean;
}

/** The subscriptions of `ids` by id. */
export async function digestSubscriptions(
  db: Queryable,
  ids: readonly number[],
): Promise<Map<number, DigestSubscription>> {
  const { rows } = await db.query<{
    subscription_id: number | string;
    email: string;
    kind: SubscriptionKind;
    target: string;
    collection_id: number | string | null;
    collection_name: string | null;
    active: boolean;
  }>(
    `SELECT s.subscription_id, COALESCE(u.email, s.email) AS email, s.kind, s.target,
            s.collection_id, c.name AS collection_name,
            s.status = 'confirmed' AND (s.kind = 'topic' OR u.email_verified_at IS NOT NULL) AS active
       FROM digest_subscriptions s
       LEFT JOIN users u ON u.user_id = s.user_id
       LEFT JOIN collections c ON c.collection_id = s.collection_id
      WHERE s.subscription_id = ANY($1::bigint[])`,
    [ids],
  );
  return new Map(
    rows.map((row) => {
      const subscription: DigestSubscription = {
        subscriptionId: Number(row.subscription_id),
        email: row.email,
        kind: row.kind,
        title: row.collection_name ?? row.target,
        collectionId: row.collection_id === null ? null : Number(row.collection_id),
        active: row.active,
      };
      return [subscription.subscriptionId, subscription];
    }),
  );
}

/** A collection's articles, most recently added first: the seeds of its digest. */
export async function collectionSeeds(
  db: Queryable,
  collectionId: number,
  limit: number,
): Promise<number[]> {
  const { rows } = await db.query<{ post_id: number | string }>(
    `SELECT post_id FROM collection_articles WHERE collection_id = $1
      ORDER BY added_at DESC, post_id DESC LIMIT $2`,
    [collectionId, limit],
  );
  return rows.map((row) => Number(row.post_id));
}

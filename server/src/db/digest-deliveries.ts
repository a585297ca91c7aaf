import type { Queryable } from './db.js';

/**
 * A table of weekly deliveries, one row per recipient and week, with the same columns and
 * statuses: the readers' digests (digest_deliveries, by user_id) and the digests of topic and
 * collection subscriptions (subscription_deliveries, by subscription_id). The names are constants,
 * never input.
 */
export type DeliveryTable =
  | { name: 'digest_deliveries'; key: 'user_id' }
  | { name: 'subscription_deliveries'; key: 'subscription_id' };

export const READER_DELIVERIES: DeliveryTable = { name: 'digest_deliveries', key: 'user_id' };
export const SUBSCRIPTION_DELIVERIES: DeliveryTable = {
  name: 'subscription_deliveries',
  key: 'subscription_id',
};

/** One recipient's row of the week, held by the run `runId`. */
export interface HeldDelivery {
  id: number;
  monday: string;
  runId: string;
}

/** Final statuses: the row is done for the week. */
export type FinalStatus = 'sent' | 'empty' | 'unsubscribed' | 'failed';

export interface ClaimedDelivery {
  /** The recipient: the reader's or the subscription's id. */
  id: number;
  /** 'sending': an earlier run stopped while handing this digest over; it may have gone out. */
  previousStatus: 'pending' | 'sending';
  attempts: number;
}

/**
 * Adds a pending row for every reader who gets the weekly digest and has a verified address.
 * Readers already enrolled for the week keep their row, so a rerun only adds new subscribers.
 */
export async function enrolReaders(db: Queryable, monday: string): Promise<number> {
  const { rows } = await db.query<{ user_id: number }>(
    `INSERT INTO digest_deliveries (user_id, week)
     SELECT user_id, $1::date FROM users
      WHERE email_digest_frequency = 2 AND email_verified_at IS NOT NULL
     ON CONFLICT (user_id, week) DO NOTHING
     RETURNING user_id`,
    [monday],
  );
  return rows.length;
}

const OPEN = `status IN ('pending', 'sending')`;

/**
 * Claims up to `limit` open rows of the week that nobody holds (never leased, or the lease ran
 * out), for `leaseSeconds`, in the name of `runId`. SKIP LOCKED keeps two claimers apart.
 */
export async function claimDeliveries(
  db: Queryable,
  { name, key }: DeliveryTable,
  monday: string,
  runId: string,
  leaseSeconds: number,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const { rows } = await db.query<{
    id: number;
    status: 'pending' | 'sending';
    attempts: number;
  }>(
    `UPDATE ${name} d
        SET lease_until = now() + make_interval(secs => $3), claimed_by = $2,
            attempts = d.attempts + 1
       FROM (SELECT ${key} FROM ${name}
              WHERE week = $1 AND ${OPEN} AND (lease_until IS NULL OR lease_until < now())
              ORDER BY ${key}
              LIMIT $4
              FOR UPDATE SKIP LOCKED) free
      WHERE d.week = $1 AND d.${key} = free.${key} AND d.${OPEN}
      RETURNING d.${key} AS id, d.status, d.attempts`,
    [monday, runId, leaseSeconds, limit],
  );
  return rows
    .map((row) => ({
      id: Number(row.id),
      previousStatus: row.status,
      attempts: Number(row.attempts),
    }))
    .sort((a, b) => a.id - b.id);
}

/** Open rows of the week, and when the first lease held by anyone runs out. */
export async function openDeliveries(
  db: Queryable,
  { name }: DeliveryTable,
  monday: string,
): Promise<{ open: number; nextFree: Date | null }> {
  const { rows } = await db.query<{ open: number | string; next_free: Date | string | null }>(
    `SELECT count(*) AS open, min(lease_until) AS next_free
       FROM ${name} WHERE week = $1 AND ${OPEN}`,
    [monday],
  );
  const row = rows[0];
  return {
    open: Number(row?.open ?? 0),
    nextFree: row?.next_free ? new Date(row.next_free) : null,
  };
}

/**
 * Just before the hand-over: records the Message-ID and articles and that the digest may be on
 * its way, and renews the lease, but only while this run still holds it. False: the lease ran
 * out and the row may be another run's now, so this run must not send.
 */
export async function markSending(
  db: Queryable,
  { name, key }: DeliveryTable,
  delivery: HeldDelivery,
  details: { messageId: string; postIds: number[]; leaseSeconds: number },
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE ${name}
        SET status = 'sending', message_id = $4, post_ids = $5::bigint[],
            lease_until = now() + make_interval(secs => $6)
      WHERE ${key} = $1 AND week = $2 AND claimed_by = $3 AND ${OPEN} AND lease_until > now()
      RETURNING week`,
    [
      delivery.id,
      delivery.monday,
      delivery.runId,
      details.messageId,
      details.postIds,
      details.leaseSeconds,
    ],
  );
  return rows.length === 1;
}

/**
 * The transport accepted the message: record it, whoever holds the row now (the truth is that
 * it went out). Returns false when the row was already final.
 */
export async function markSent(
  db: Queryable,
  { name, key }: DeliveryTable,
  delivery: { id: number; monday: string },
  details: { messageId?: string; postIds?: number[] } = {},
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE ${name}
        SET status = 'sent', finished_at = now(), lease_until = NULL, last_error = NULL,
            message_id = COALESCE($3, message_id), post_ids = COALESCE($4::bigint[], post_ids)
      WHERE ${key} = $1 AND week = $2 AND ${OPEN}
      RETURNING week`,
    [delivery.id, delivery.monday, details.messageId ?? null, details.postIds ?? null],
  );
  return rows.length === 1;
}

/**
 * For transactional transports: inside the transaction that also writes the message, records it
 * as sent if this run still holds the lease. False: it does not, and nothing must be written.
 */
export async function markSentIfHeld(
  tx: Queryable,
  { name, key }: DeliveryTable,
  delivery: HeldDelivery,
  details: { messageId: string; postIds: number[] },
): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE ${name}
        SET status = 'sent', finished_at = now(), lease_until = NULL, last_error = NULL,
            message_id = $4, post_ids = $5::bigint[]
      WHERE ${key} = $1 AND week = $2 AND claimed_by = $3 AND ${OPEN} AND lease_until > now()
      RETURNING week`,
    [delivery.id, delivery.monday, delivery.runId, details.messageId, details.postIds],
  );
  return rows.length === 1;
}

/** Ends a row this run holds without a message (empty, unsubscribed) or for good (failed). */
export async function finishDelivery(
  db: Queryable,
  { name, key }: DeliveryTable,
  delivery: HeldDelivery,
  status: Exclude<FinalStatus, 'sent'>,
  error?: string,
): Promise<void> {
  await db.query(
    `UPDATE ${name}
        SET status = $4, finished_at = now(), lease_until = NULL, last_error = $5
      WHERE ${key} = $1 AND week = $2 AND claimed_by = $3 AND ${OPEN}`,
    [delivery.id, delivery.monday, delivery.runId, status, error ?? null],
  );
}

/**
 * A hand-over failed but may be retried: the row stays open ('pending' when the server surely did
 * not take the message, 'sending' when it may have) and is free again after `retrySeconds`.
 */
export async function postponeDelivery(
  db: Queryable,
  { name, key }: DeliveryTable,
  delivery: HeldDelivery,
  status: 'pending' | 'sending',
  retrySeconds: number,
  error: string,
): Promise<void> {
  await db.query(
    `UPDATE ${name}
        SET status = $4, lease_until = now() + make_interval(secs => $5), last_error = $6
      WHERE ${key} = $1 AND week = $2 AND claimed_by = $3 AND ${OPEN}`,
    [delivery.id, delivery.monday, delivery.runId, status, retrySeconds, error],
  );
}

/** Counts by status of the week's rows. */
export async function deliveryCounts(
  db: Queryable,
  { name }: DeliveryTable,
  monday: string,
): Promise<Record<string, number>> {
  const { rows } = await db.query<{ status: string; count: number | string }>(
    `SELECT status, count(*) AS count FROM ${name} WHERE week = $1 GROUP BY status`,
    [monday],
  );
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}

/** The Monday of the newest week with rows (the last digest run's), or null before any. */
export async function latestDeliveryWeek(
  db: Queryable,
  { name }: DeliveryTable,
): Promise<string | null> {
  const { rows } = await db.query<{ week: string | null }>(
    `SELECT max(week)::text AS week FROM ${name}`,
  );
  return rows[0]?.week ?? null;
}

import type { Queryable } from './db.js';

/** Final statuses: the row is done for the week. */
export type FinalStatus = 'sent' | 'empty' | 'unsubscribed' | 'failed';

export interface ClaimedDelivery {
  userId: number;
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
  monday: string,
  runId: string,
  leaseSeconds: number,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const { rows } = await db.query<{
    user_id: number;
    status: 'pending' | 'sending';
    attempts: number;
  }>(
    `UPDATE digest_deliveries d
        SET lease_until = now() + make_interval(secs => $3), claimed_by = $2,
            attempts = d.attempts + 1
       FROM (SELECT user_id FROM digest_deliveries
              WHERE week = $1 AND ${OPEN} AND (lease_until IS NULL OR lease_until < now())
              ORDER BY user_id
              LIMIT $4
              FOR UPDATE SKIP LOCKED) free
      WHERE d.week = $1 AND d.user_id = free.user_id AND d.${OPEN}
      RETURNING d.user_id, d.status, d.attempts`,
    [monday, runId, leaseSeconds, limit],
  );
  return rows
    .map((row) => ({
      userId: Number(row.user_id),
      previousStatus: row.status,
      attempts: Number(row.attempts),
    }))
    .sort((a, b) => a.userId - b.userId);
}

/** Open rows of the week, and when the first lease held by anyone runs out. */
export async function openDeliveries(
  db: Queryable,
  monday: string,
): Promise<{ open: number; nextFree: Date | null }> {
  const { rows } = await db.query<{ open: number | string; next_free: Date | string | null }>(
    `SELECT count(*) AS open, min(lease_until) AS next_free
       FROM digest_deliveries WHERE week = $1 AND ${OPEN}`,
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
  delivery: { userId: number; monday: string; runId: string },
  details: { messageId: string; postIds: number[]; leaseSeconds: number },
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE digest_deliveries
        SET status = 'sending', message_id = $4, post_ids = $5::bigint[],
            lease_until = now() + make_interval(secs => $6)
      WHERE user_id = $1 AND week = $2 AND claimed_by = $3 AND ${OPEN} AND lease_until > now()
      RETURNING user_id`,
    [
      delivery.userId,
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
  delivery: { userId: number; monday: string },
  details: { messageId?: string; postIds?: number[] } = {},
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE digest_deliveries
        SET status = 'sent', finished_at = now(), lease_until = NULL, last_error = NULL,
            message_id = COALESCE($3, message_id), post_ids = COALESCE($4::bigint[], post_ids)
      WHERE user_id = $1 AND week = $2 AND ${OPEN}
      RETURNING user_id`,
    [delivery.userId, delivery.monday, details.messageId ?? null, details.postIds ?? null],
  );
  return rows.length === 1;
}

/**
 * For transactional transports: inside the transaction that also writes the message, records it
 * as sent if this run still holds the lease. False: it does not, and nothing must be written.
 */
export async function markSentIfHeld(
  tx: Queryable,
  delivery: { userId: number; monday: string; runId: string },
  details: { messageId: string; postIds: number[] },
): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE digest_deliveries
        SET status = 'sent', finished_at = now(), lease_until = NULL, last_error = NULL,
            message_id = $4, post_ids = $5::bigint[]
      WHERE user_id = $1 AND week = $2 AND claimed_by = $3 AND ${OPEN} AND lease_until > now()
      RETURNING user_id`,
    [delivery.userId, delivery.monday, delivery.runId, details.messageId, details.postIds],
  );
  return rows.length === 1;
}

/** Ends a row this run holds without a message (empty, unsubscribed) or for good (failed). */
export async function finishDelivery(
  db: Queryable,
  delivery: { userId: number; monday: string; runId: string },
  status: Exclude<FinalStatus, 'sent'>,
  error?: string,
): Promise<void> {
  await db.query(
    `UPDATE digest_deliveries
        SET status = $4, finished_at = now(), lease_until = NULL, last_error = $5
      WHERE user_id = $1 AND week = $2 AND claimed_by = $3 AND ${OPEN}`,
    [delivery.userId, delivery.monday, delivery.runId, status, error ?? null],
  );
}

/**
 * A hand-over failed but may be retried: the row stays open ('pending' when the server surely did
 * not take the message, 'sending' when it may have) and is free again after `retrySeconds`.
 */
export async function postponeDelivery(
  db: Queryable,
  delivery: { userId: number; monday: string; runId: string },
  status: 'pending' | 'sending',
  retrySeconds: number,
  error: string,
): Promise<void> {
  await db.query(
    `UPDATE digest_deliveries
        SET status = $4, lease_until = now() + make_interval(secs => $5), last_error = $6
      WHERE user_id = $1 AND week = $2 AND claimed_by = $3 AND ${OPEN}`,
    [delivery.userId, delivery.monday, delivery.runId, status, retrySeconds, error],
  );
}

/** Counts by status of the week's rows. */
export async function deliveryCounts(
  db: Queryable,
  monday: string,
): Promise<Record<string, number>> {
  const { rows } = await db.query<{ status: string; count: number | string }>(
    `SELECT status, count(*) AS count FROM digest_deliveries WHERE week = $1 GROUP BY status`,
    [monday],
  );
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}

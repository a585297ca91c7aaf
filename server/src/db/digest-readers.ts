import type { Queryable } from './db.js';
import type { ReaderInterests } from './digest-articles.js';
import { mutedFor } from './mutes.js';

/** A reader as the digest sees them: address, name and what they read. */
export interface DigestReader extends ReaderInterests {
  userId: number;
  email: string;
  name: string;
  /** Whether the reader gets the weekly digest (see each function for the exact rule). */
  weekly: boolean;
}

interface ReaderRow {
  user_id: number | string;
  email: string;
  name: string;
  topics: string[] | null;
  email_digest_frequency: number;
  followed: (number | string)[] | null;
  muted: (number | string)[] | null;
}

/** SQL: the candidates ($2) that the reader `u` muted. */
const MUTED_CANDIDATES = `ARRAY(
  SELECT a.post_id FROM articles a
   WHERE a.post_id = ANY($2::bigint[]) AND ${mutedFor('u.user_id', 'a')}
) AS muted`;

const WEEKLY = 2;

function toDigestReader(row: ReaderRow, weekly: boolean): DigestReader {
  return {
    userId: Number(row.user_id),
    email: row.email,
    name: row.name,
    topics: row.topics ?? [],
    followedSourceIds: new Set((row.followed ?? []).map(Number)),
    mutedPostIds: new Set((row.muted ?? []).map(Number)),
    weekly,
  };
}

/**
 * The readers of `userIds` by id, with which of the week's `candidates` (post ids) each muted;
 * weekly: they chose the weekly digest and verified their address.
 */
export async function digestReaders(
  db: Queryable,
  userIds: readonly number[],
  candidates: readonly number[],
): Promise<Map<number, DigestReader>> {
  const { rows } = await db.query<ReaderRow & { verified: boolean }>(
    `SELECT u.user_id, u.email, u.name, u.topics, u.email_digest_frequency,
            u.email_verified_at IS NOT NULL AS verified,
            ARRAY(SELECT f.source_id FROM source_follows f WHERE f.user_id = u.user_id) AS followed,
            ${MUTED_CANDIDATES}
       FROM users u WHERE u.user_id = ANY($1::bigint[])`,
    [userIds, candidates],
  );
  return new Map(
    rows.map((row) => {
      const reader = toDigestReader(row, row.email_digest_frequency === WEEKLY && row.verified);
      return [reader.userId, reader];
    }),
  );
}

/**
 * The reader with `email`, or without one the first reader who chose the weekly digest (a
 * preview); weekly: they chose it, whether or not their address is verified.
 */
export async function previewReader(
  db: Queryable,
  email: string | undefined,
  candidates: readonly number[],
): Promise<DigestReader | undefined> {
  const { rows } = await db.query<ReaderRow>(
    `SELECT u.user_id, u.email, u.name, u.topics, u.email_digest_frequency,
            ARRAY(SELECT f.source_id FROM source_follows f WHERE f.user_id = u.user_id) AS followed,
            ${MUTED_CANDIDATES}
       FROM users u
      WHERE ($1::text IS NULL AND u.email_digest_frequency = 2) OR u.email = lower(trim($1::text))
      ORDER BY u.user_id LIMIT 1`,
    [email ?? null, candidates],
  );
  const row = rows[0];
  return row && toDigestReader(row, row.email_digest_frequency === WEEKLY);
}

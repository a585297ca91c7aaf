import type { SubmitSourceResponse } from '@blogstream/shared/contract';
import { slugify } from '../lib/slug.js';
import type { Db, Queryable } from './db.js';

/** What the automated checks found, as the submitter was told (submit_source's answer). */
export type CheckResults = Required<
  Pick<SubmitSourceResponse, 'checks' | 'feed_url' | 'duplicate_of'>
>;

export interface Submission {
  submissionId: number;
  name: string;
  url: string;
  email: string;
  status: 'pending' | 'approved' | 'rejected';
  createdAt: Date;
  /** Null when the checks could not run. */
  checkResults: CheckResults | null;
}

interface SubmissionRow {
  submission_id: number;
  name: string;
  url: string;
  email: string;
  status: Submission['status'];
  created_at: Date | string;
  /** jsonb, parsed by the driver. */
  check_results: CheckResults | null;
}

const toSubmission = (row: SubmissionRow): Submission => ({
  submissionId: Number(row.submission_id),
  name: row.name,
  url: row.url,
  email: row.email,
  status: row.status,
  createdAt: new Date(row.created_at),
  checkResults: row.check_results,
});

const SUBMISSION_COLUMNS = 'submission_id, name, url, email, status, created_at, check_results';

export async function recordSubmission(
  db: Queryable,
  submission: {
    name: string;
    url: string;
    email: string;
    userId: number | null;
    checkResults: CheckResults | null;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO source_submissions (name, url, email, user_id, check_results)
     VALUES ($1, $2, $3, $4, $5)`,
    [
      submission.name,
      submission.url,
      submission.email,
      submission.userId,
      submission.checkResults === null ? null : JSON.stringify(submission.checkResults),
    ],
  );
}

/** Pending submissions oldest first, or every submission with `all`. */
export async function listSubmissions(db: Queryable, all: boolean): Promise<Submission[]> {
  const { rows } = await db.query<SubmissionRow>(
    `SELECT ${SUBMISSION_COLUMNS} FROM source_submissions
      ${all ? '' : "WHERE status = 'pending'"} ORDER BY created_at, submission_id`,
  );
  return rows.map(toSubmission);
}

const MAX_SLUG_ATTEMPTS = 100;

/** Inserts the catalogue entry under the first free url_name: `slug`, `slug-2`, `slug-3`... */
async function insertSource(
  tx: Queryable,
  submission: Submission,
  feedUrl: string,
): Promise<{ sourceId: number; urlName: string }> {
  // Its name as a slug, short enough to leave room for the suffix.
  const base = slugify(submission.name, { maxLength: 60, fallback: 'blog' });
  for (let attempt = 1; attempt <= MAX_SLUG_ATTEMPTS; attempt += 1) {
    const urlName = attempt === 1 ? base : `${base}-${attempt}`;
    const { rows } = await tx.query<{ source_id: number }>(
      `INSERT INTO sources (url_name, name, long_name, site_url, feed_url, origin)
       VALUES ($1, $2, $2, $3, $4, 'submission')
       ON CONFLICT (url_name) DO NOTHING RETURNING source_id`,
      [urlName, submission.name, submission.url, feedUrl],
    );
    if (rows[0]) return { sourceId: Number(rows[0].source_id), urlName };
  }
  throw new Error(`No free url_name for ${base}`);
}

export type Decision =
  | { result: 'approved'; submission: Submission; urlName: string }
  | { result: 'rejected'; submission: Submission }
  | { result: 'notFound' }
  | { result: 'alreadyDecided'; status: Submission['status'] }
  | { result: 'feedExists'; sourceId: number };

async function lockPending(tx: Queryable, submissionId: number) {
  const { rows } = await tx.query<SubmissionRow>(
    `SELECT ${SUBMISSION_COLUMNS} FROM source_submissions WHERE submission_id = $1 FOR UPDATE`,
    [submissionId],
  );
  return rows[0] && toSubmission(rows[0]);
}

/**
 * Adds the submitted blog to the catalogue (crawled from `feedUrl`, by default the feed the
 * checks found, else the submitted address) and marks the submission approved, in one transaction.
 */
export function approveSubmission(
  db: Db,
  submissionId: number,
  feedUrl?: string,
): Promise<Decision> {
  return db.transaction(async (tx): Promise<Decision> => {
    const submission = await lockPending(tx, submissionId);
    if (!submission) return { result: 'notFound' };
    if (submission.status !== 'pending') {
      return { result: 'alreadyDecided', status: submission.status };
    }
    const feed = feedUrl ?? submission.checkResults?.feed_url ?? submission.url;
    const { rows } = await tx.query<{ source_id: number }>(
      'SELECT source_id FROM sources WHERE feed_url = $1',
      [feed],
    );
    if (rows[0]) return { result: 'feedExists', sourceId: Number(rows[0].source_id) };
    const { sourceId, urlName } = await insertSource(tx, submission, feed);
    await tx.query(
      `UPDATE source_submissions SET status = 'approved', source_id = $2, decided_at = now()
        WHERE submission_id = $1`,
      [submissionId, sourceId],
    );
    return { result: 'approved', submission, urlName };
  });
}

export function rejectSubmission(db: Db, submissionId: number): Promise<Decision> {
  return db.transaction(async (tx): Promise<Decision> => {
    const submission = await lockPending(tx, submissionId);
    if (!submission) return { result: 'notFound' };
    if (submission.status !== 'pending') {
      return { result: 'alreadyDecided', status: submission.status };
    }
    await tx.query(
      `UPDATE source_submissions SET status = 'rejected', decided_at = now()
        WHERE submission_id = $1`,
      [submissionId],
    );
    return { result: 'rejected', submission };
  });
}

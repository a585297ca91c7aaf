import type { Db, Queryable } from './db.js';
import type { SourceEntry } from './sources.js';

/** A source a worker has leased for one fetch. */
export interface ClaimedSource {
  source_id: number;
  url_name: string;
  name: string;
  feed_url: string;
  site_url: string | null;
  origin: 'catalogue' | 'opml' | 'submission';
  /**
   * The source's own topics, which its articles inherit; empty when they were derived from its
   * articles, so derived topics never feed their own derivation.
   */
  topics: string[];
  etag: string | null;
  last_modified: string | null;
  error_count: number;
  last_success_at: Date | null;
  logo_checked_at: Date | null;
}

export interface ClaimOptions {
  /** How long the lease lasts: longer than one fetch can take, so it only expires on a crash. */
  leaseSeconds: number;
  /** Another source of the same host fetched this recently is not claimed yet (politeness). */
  hostIntervalMs: number;
}

/** Failures that happened before any request reached the host: no reason to wait for it. */
const NO_REQUEST_SENT = "('DNS_FAILED', 'BLOCKED_ADDRESS', 'BAD_URL')";

/** How many due sources one claim looks at before taking the first whose host is free. */
const CLAIM_CANDIDATES = 32;

const CLAIMED_COLUMNS = `source_id, url_name, name, feed_url, site_url, origin,
  CASE WHEN topics_derived THEN '{}' ELSE topics END AS topics, etag, last_modified,
  error_count, last_success_at, logo_checked_at`;

const CLAIMABLE = `
  s.feed_url IS NOT NULL AND s.next_due_at <= now()
  AND (s.lease_until IS NULL OR s.lease_until < now())`;

/**
 * Leases the most overdue source whose host is idle, or returns undefined. SKIP LOCKED and the
 * lease keep two workers off one source; the host check (plus a transaction-level advisory lock
 * on the host name, which closes the race between two workers claiming at the same instant) keeps
 * them off one host, and the interval spaces requests to a host out (unless the last attempt never
 * reached it, as when its name did not resolve).
 */
export async function claimDueSource(
  db: Queryable,
  options: ClaimOptions,
): Promise<ClaimedSource | undefined> {
  // The inner query picks the most overdue sources of idle hosts, in order (its LIMIT keeps it from
  // being merged into the outer one); the outer one takes the first whose host lock it gets, so
  // only that host's lock is taken.
  const { rows } = await db.query<ClaimedSource>(
    `UPDATE sources SET lease_until = now() + make_interval(secs => $1)
      WHERE source_id = (
        SELECT due.source_id FROM (
          SELECT s.source_id, COALESCE(s.feed_host, s.feed_url) AS host_key
            FROM sources s
           WHERE ${CLAIMABLE}
             AND COALESCE(s.feed_host, '') NOT IN (
               SELECT busy.feed_host FROM sources busy
                WHERE busy.feed_host IS NOT NULL
                  AND (busy.lease_until >= now()
                       OR (busy.last_fetched_at > now() - make_interval(secs => $2)
                           AND COALESCE(busy.last_error_code, '') NOT IN ${NO_REQUEST_SENT})))
           ORDER BY s.next_due_at, s.source_id
           LIMIT ${CLAIM_CANDIDATES}
           FOR UPDATE SKIP LOCKED) due
         WHERE pg_try_advisory_xact_lock(hashtext(due.host_key))
         LIMIT 1)
      RETURNING ${CLAIMED_COLUMNS}`,
    [options.leaseSeconds, options.hostIntervalMs / 1000],
  );
  return rows[0];
}

/**
 * Adds a source a reader's OPML import found (origin 'opml') already leased for its first fetch,
 * so no crawl run claims it meanwhile; undefined when a source already has its name or feed.
 */
export async function insertLeasedSource(
  db: Queryable,
  entry: SourceEntry,
  leaseSeconds: number,
): Promise<ClaimedSource | undefined> {
  const { rows } = await db.query<ClaimedSource>(
    `INSERT INTO sources (url_name, name, long_name, site_url, feed_url, category, source_type,
                          topics, origin, lease_until)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::text[], 'opml', now() + make_interval(secs => $9))
     ON CONFLICT DO NOTHING
     RETURNING ${CLAIMED_COLUMNS}`,
    [
      entry.url_name,
      entry.name,
      entry.long_name,
      entry.site_url,
      entry.feed_url,
      entry.category,
      entry.source_type,
      entry.topics,
      leaseSeconds,
    ],
  );
  const source = rows[0];
  return source && { ...source, source_id: Number(source.source_id) };
}

/** Due sources nobody holds: waiting only for their host to be free. */
export async function countClaimableSources(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*) AS count FROM sources s WHERE ${CLAIMABLE}`,
  );
  return rows[0]?.count ?? 0;
}

export interface FetchSuccess {
  status: 'ok' | 'not_modified';
  httpStatus: number;
  etag: string | null;
  lastModified: string | null;
  newArticles: number;
  nextDueInSeconds: number;
}

export async function recordFetchSuccess(
  tx: Queryable,
  sourceId: number,
  result: FetchSuccess,
): Promise<void> {
  await tx.query(
    `UPDATE sources
        SET last_status = $2, last_http_status = $3, etag = COALESCE($4, etag),
            last_modified = COALESCE($5, last_modified), last_new_articles = $6,
            next_due_at = now() + make_interval(secs => $7),
            last_fetched_at = now(), last_success_at = now(), lease_until = NULL,
            error_count = 0, last_error_code = NULL, last_error = NULL
      WHERE source_id = $1`,
    [
      sourceId,
      result.status,
      result.httpStatus,
      result.etag,
      result.lastModified,
      result.newArticles,
      result.nextDueInSeconds,
    ],
  );
}

export interface FetchFailure {
  code: string;
  message: string;
  httpStatus: number | null;
  nextDueInSeconds: number;
}

export async function recordFetchFailure(
  db: Queryable,
  sourceId: number,
  failure: FetchFailure,
): Promise<void> {
  await db.query(
    `UPDATE sources
        SET last_status = 'error', last_error_code = $2, last_error = $3, last_http_status = $4,
            error_count = error_count + 1, last_new_articles = 0,
            next_due_at = now() + make_interval(secs => $5),
            last_fetched_at = now(), lease_until = NULL
      WHERE source_id = $1`,
    [
      sourceId,
      failure.code,
      failure.message.slice(0, 500),
      failure.httpStatus,
      failure.nextDueInSeconds,
    ],
  );
}

/** Gives a source back untouched (its fetch was cancelled at shutdown): due as it was. */
export async function releaseSource(db: Queryable, sourceId: number): Promise<void> {
  await db.query('UPDATE sources SET lease_until = NULL WHERE source_id = $1', [sourceId]);
}

/**
 * Points a source at the feed its page announced (autodiscovery). Throws a unique violation when
 * another source already has that feed.
 */
export async function adoptDiscoveredFeedUrl(
  tx: Queryable,
  sourceId: number,
  feedUrl: string,
): Promise<void> {
  await tx.query(
    'UPDATE sources SET feed_url = $2, etag = NULL, last_modified = NULL WHERE source_id = $1',
    [sourceId, feedUrl],
  );
}

/** Makes every crawlable source due now (`admin crawl --all`). */
export async function markAllDue(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `WITH due AS (
       UPDATE sources SET next_due_at = now() WHERE feed_url IS NOT NULL RETURNING 1)
     SELECT count(*) AS count FROM due`,
  );
  return rows[0]?.count ?? 0;
}

export interface SourceCrawlStatus {
  url_name: string;
  feed_url: string | null;
  last_fetched_at: Date | null;
  last_status: string | null;
  last_http_status: number | null;
  last_error_code: string | null;
  last_error: string | null;
  error_count: number;
  next_due_at: Date;
  articles: number;
}

export async function sourceCrawlStatuses(db: Db): Promise<SourceCrawlStatus[]> {
  const { rows } = await db.query<SourceCrawlStatus>(
    `SELECT s.url_name, s.feed_url, s.last_fetched_at, s.last_status, s.last_http_status,
            s.last_error_code, s.last_error, s.error_count, s.next_due_at,
            (SELECT count(*) FROM articles a WHERE a.source_id = s.source_id) AS articles
       FROM sources s
      ORDER BY s.url_name`,
  );
  return rows;
}

export interface CrawlTotals {
  total: number;
  ok: number;
  failing: number;
  neverFetched: number;
  articles: number;
}

/** Crawlable sources by their last outcome, and all articles. */
export async function crawlTotals(db: Queryable): Promise<CrawlTotals> {
  const { rows } = await db.query<CrawlTotals>(
    `SELECT count(*) AS total,
            count(*) FILTER (WHERE last_status IN ('ok', 'not_modified')) AS ok,
            count(*) FILTER (WHERE last_status = 'error') AS failing,
            count(*) FILTER (WHERE last_status IS NULL) AS "neverFetched",
            (SELECT count(*) FROM articles) AS articles
       FROM sources WHERE feed_url IS NOT NULL`,
  );
  return rows[0]!;
}

/** The newest successful fetch of any source, by any process; null before the first. */
export async function lastSuccessfulFetch(db: Queryable): Promise<Date | null> {
  const { rows } = await db.query<{ at: Date | string | null }>(
    'SELECT max(last_success_at) AS at FROM sources',
  );
  const at = rows[0]?.at;
  return at ? new Date(at) : null;
}

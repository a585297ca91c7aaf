import { DEAD_SOURCE_AFTER_DAYS, SOURCE_ACTIVITY_DAYS } from '@blogstream/shared/contract';
import type { Queryable } from './db.js';

/**
 * Source `alias` is dead: its last fetch failed, and so did every fetch since its last success (or
 * since it was added, when it never had one) DEAD_SOURCE_AFTER_DAYS days or more ago. A success
 * resets last_status and error_count (crawl-state.ts), and a failing source is retried at least
 * once a day (schedule-next.ts), so "the last success is that old and the last fetch failed" means
 * every fetch of those days failed. A dead source that works again is alive at its next fetch.
 */
export function deadSource(alias = 's'): string {
  return `(${alias}.last_status = 'error' AND ${alias}.error_count > 0
    AND COALESCE(${alias}.last_success_at, ${alias}.created_at)
        <= now() - make_interval(days => ${DEAD_SOURCE_AFTER_DAYS}))`;
}

export type SourceHealthStatus = 'ok' | 'failing' | 'dead' | 'pending';

export interface SourceHealthRow {
  source_id: number;
  url_name: string;
  long_name: string;
  logo_file: string;
  feed_url: string | null;
  site_url: string | null;
  status: SourceHealthStatus;
  last_success_at: Date | null;
  last_fetched_at: Date | null;
  last_error_code: string | null;
  last_error: string | null;
  last_http_status: number | null;
  error_count: number;
  articles_last_90_days: number;
  latest_article_at: Date | null;
}

const HEALTH_SELECT = `
  SELECT s.source_id, s.url_name, s.long_name, s.logo_file, s.feed_url, s.site_url,
         CASE WHEN s.last_status IS NULL THEN 'pending'
              WHEN ${deadSource('s')} THEN 'dead'
              WHEN s.last_status = 'error' THEN 'failing'
              ELSE 'ok' END AS status,
         s.last_success_at, s.last_fetched_at, s.last_error_code, s.last_error,
         s.last_http_status, s.error_count,
         (SELECT count(*) FROM articles a
           WHERE a.source_id = s.source_id
             AND a.publishing_date > now() - make_interval(days => ${SOURCE_ACTIVITY_DAYS})
             AND a.publishing_date <= now() + interval '1 day') AS articles_last_90_days,
         (SELECT max(a.publishing_date) FROM articles a
           WHERE a.source_id = s.source_id AND a.publishing_date <= now() + interval '1 day')
           AS latest_article_at
    FROM sources s`;

function toRow(row: SourceHealthRow): SourceHealthRow {
  return {
    ...row,
    source_id: Number(row.source_id),
    error_count: Number(row.error_count),
    articles_last_90_days: Number(row.articles_last_90_days),
    last_success_at: row.last_success_at && new Date(row.last_success_at),
    last_fetched_at: row.last_fetched_at && new Date(row.last_fetched_at),
    latest_article_at: row.latest_article_at && new Date(row.latest_article_at),
  };
}

/** One source's health by its url name, or undefined. */
export async function sourceHealth(
  db: Queryable,
  urlName: string,
): Promise<SourceHealthRow | undefined> {
  const { rows } = await db.query<SourceHealthRow>(`${HEALTH_SELECT} WHERE s.url_name = $1`, [
    urlName,
  ]);
  return rows[0] && toRow(rows[0]);
}

/** The health of every source the crawler fetches (those with a feed URL), by name. */
export async function sourcesHealth(db: Queryable): Promise<SourceHealthRow[]> {
  const { rows } = await db.query<SourceHealthRow>(
    `${HEALTH_SELECT} WHERE s.feed_url IS NOT NULL ORDER BY lower(s.long_name), s.url_name`,
  );
  return rows.map(toRow);
}

/** A known source's names and addresses, as a submission's duplicate check compares them. */
export interface KnownSourceRow {
  url_name: string;
  long_name: string;
  feed_url: string | null;
  site_url: string | null;
}

export async function knownSourceAddresses(db: Queryable): Promise<KnownSourceRow[]> {
  const { rows } = await db.query<KnownSourceRow>(
    'SELECT url_name, long_name, feed_url, site_url FROM sources ORDER BY source_id',
  );
  return rows;
}

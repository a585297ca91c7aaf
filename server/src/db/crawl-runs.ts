import type { Queryable } from './db.js';

export type CrawlTrigger = 'start' | 'schedule' | 'admin';

export interface CrawlCounts {
  fetched: number;
  notModified: number;
  failed: number;
  newArticles: number;
}

export interface CrawlRun extends CrawlCounts {
  runId: number;
  trigger: CrawlTrigger;
  startedAt: Date;
  finishedAt: Date | null;
}

export async function startCrawlRun(db: Queryable, trigger: CrawlTrigger): Promise<number> {
  const { rows } = await db.query<{ run_id: number }>(
    'INSERT INTO crawl_runs (trigger) VALUES ($1) RETURNING run_id',
    [trigger],
  );
  return rows[0]!.run_id;
}

export async function finishCrawlRun(
  db: Queryable,
  runId: number,
  counts: CrawlCounts,
): Promise<void> {
  await db.query(
    `UPDATE crawl_runs
        SET finished_at = now(), fetched = $2, not_modified = $3, failed = $4, new_articles = $5
      WHERE run_id = $1`,
    [runId, counts.fetched, counts.notModified, counts.failed, counts.newArticles],
  );
}

/** The newest finished run, or undefined before the first one ends. */
export async function latestFinishedCrawlRun(db: Queryable): Promise<CrawlRun | undefined> {
  const { rows } = await db.query<{
    run_id: number;
    trigger: CrawlTrigger;
    started_at: Date;
    finished_at: Date | null;
    fetched: number;
    not_modified: number;
    failed: number;
    new_articles: number;
  }>(
    `SELECT run_id, trigger, started_at, finished_at, fetched, not_modified, failed, new_articles
       FROM crawl_runs WHERE finished_at IS NOT NULL ORDER BY run_id DESC LIMIT 1`,
  );
  const row = rows[0];
  return (
    row && {
      runId: row.run_id,
      trigger: row.trigger,
      startedAt: new Date(row.started_at),
      finishedAt: row.finished_at && new Date(row.finished_at),
      fetched: row.fetched,
      notModified: row.not_modified,
      failed: row.failed,
      newArticles: row.new_articles,
    }
  );
}

import { clientRoutes, matchRoute } from '@blogstream/shared/contract';
import type { Db } from './db.js';

/** Routes whose parameter is a secret or personal: counted under their pattern only. */
const PATTERN_ONLY = new Set(['/reset-password/:token', '/collection/:collectionId']);

/**
 * The path as it is counted: no query string (search terms stay private), secret route parameters
 * replaced by the route pattern, and paths no route owns counted together.
 */
export function countedPath(path: string): string {
  const pathname = path.split(/[?#]/)[0] ?? '/';
  const route = clientRoutes.find((candidate) => matchRoute(candidate.pattern, pathname));
  if (!route) return '(other)';
  return PATTERN_ONLY.has(route.pattern) ? route.pattern : pathname;
}

export async function recordPageView(db: Db, path: string, now = new Date()): Promise<void> {
  await db.query(
    `INSERT INTO page_views (day, path, views) VALUES ($1::date, $2, 1)
     ON CONFLICT (day, path) DO UPDATE SET views = page_views.views + 1`,
    [now.toISOString().slice(0, 10), countedPath(path)],
  );
}

export interface PageViewCount {
  path: string;
  views: number;
}

/** The most viewed paths over the last `days` days, most viewed first. */
export async function topPageViews(db: Db, days: number, limit = 30): Promise<PageViewCount[]> {
  const { rows } = await db.query<{ path: string; views: string }>(
    `SELECT path, sum(views) AS views FROM page_views
      WHERE day > current_date - $1::int
      GROUP BY path ORDER BY sum(views) DESC, path LIMIT $2`,
    [days, limit],
  );
  return rows.map((row) => ({ path: row.path, views: Number(row.views) }));
}

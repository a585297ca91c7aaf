import {
  DEAD_SOURCE_AFTER_DAYS,
  SOURCE_ACTIVITY_DAYS,
  type SourceHealth,
  type SourcesHealthResponse,
} from '@blogstream/shared/contract';
import type { Db } from '../../../db/db.js';
import { sourceHealth, sourcesHealth, type SourceHealthRow } from '../../../db/source-health.js';
import { ApiFailure } from '../../api-failure.js';
import type { App } from '../../app-type.js';
import { serve } from '../../endpoint.js';

const WEEKS = SOURCE_ACTIVITY_DAYS / 7;

/** A row as the contract has it: ISO times, the error only while it matters, posts per week. */
export function toSourceHealth(row: SourceHealthRow): SourceHealth {
  const erring = row.status === 'failing' || row.status === 'dead';
  return {
    source_id: row.source_id,
    url_name: row.url_name,
    long_name: row.long_name,
    logo_file: row.logo_file,
    feed_url: row.feed_url,
    site_url: row.site_url,
    status: row.status,
    last_success_at: row.last_success_at?.toISOString() ?? null,
    last_fetched_at: row.last_fetched_at?.toISOString() ?? null,
    last_error: erring
      ? {
          code: row.last_error_code ?? 'UNKNOWN',
          message: row.last_error ?? '',
          http_status: row.last_http_status,
        }
      : null,
    consecutive_failures: row.error_count,
    articles_last_90_days: row.articles_last_90_days,
    posts_per_week: Math.round((row.articles_last_90_days / WEEKS) * 10) / 10,
    latest_article_at: row.latest_article_at?.toISOString() ?? null,
  };
}

/**
 * Source health (docs/CONTENT.md "Source health"): one source's crawl status and activity, and
 * every crawled source's, as the crawler recorded them. Public: a reader may see why a blog went
 * quiet, a blog's author why it is not updated.
 */
export function registerSourceHealthRoutes(app: App, db: Db): void {
  serve(app, 'sourceHealth', async (request) => {
    const row = await sourceHealth(db, request.params.sourceUrlName);
    if (!row) throw new ApiFailure(404, 'NOT_FOUND', 'Source not found.');
    return toSourceHealth(row);
  });

  serve(app, 'sourcesHealth', async (): Promise<SourcesHealthResponse> => {
    const sources = (await sourcesHealth(db)).map(toSourceHealth);
    const count = (status: SourceHealth['status']) =>
      sources.filter((source) => source.status === status).length;
    return {
      dead_after_days: DEAD_SOURCE_AFTER_DAYS,
      totals: {
        ok: count('ok'),
        failing: count('failing'),
        dead: count('dead'),
        pending: count('pending'),
      },
      sources,
    };
  });
}

import type { Db, Queryable } from './db.js';

export type SourceOrigin = 'catalogue' | 'opml' | 'submission';

/** A source as the catalogue, an OPML import or an approved submission describes it. */
export interface SourceEntry {
  url_name: string;
  name: string;
  long_name: string;
  site_url: string | null;
  feed_url: string | null;
  category: string | null;
  source_type: string;
  topics: string[];
}

const ENTRY_COLUMNS = [
  'url_name',
  'name',
  'long_name',
  'site_url',
  'feed_url',
  'category',
  'source_type',
  'topics',
] as const;
const ROWS_PER_STATEMENT = 200;

export interface UpsertCounts {
  inserted: number;
  updated: number;
}

/**
 * Inserts new sources and, for those this origin owns, brings changed fields up to date
 * (idempotent: unchanged rows are not touched). A new feed URL drops the old validators and makes
 * the source due. An entry whose feed URL another source already has is skipped.
 */
export async function upsertSources(
  db: Queryable,
  entries: SourceEntry[],
  origin: SourceOrigin,
): Promise<UpsertCounts> {
  const counts = { inserted: 0, updated: 0 };
  for (let start = 0; start < entries.length; start += ROWS_PER_STATEMENT) {
    const batch = entries.slice(start, start + ROWS_PER_STATEMENT);
    const width = ENTRY_COLUMNS.length;
    const values = batch.map(
      (_, row) =>
        `(${ENTRY_COLUMNS.map((column, index) => {
          const placeholder = `$${row * width + index + 2}`;
          return column === 'topics' ? `${placeholder}::text[]` : `${placeholder}::text`;
        }).join(', ')})`,
    );
    const { rows } = await db.query<{ inserted: boolean }>(
      `INSERT INTO sources AS s (${ENTRY_COLUMNS.join(', ')}, origin)
       SELECT v.*, $1
         FROM (VALUES ${values.join(', ')}) AS v (${ENTRY_COLUMNS.join(', ')})
        WHERE NOT EXISTS (SELECT 1 FROM sources other
                           WHERE other.feed_url = v.feed_url AND other.url_name <> v.url_name)
       ON CONFLICT (url_name) DO UPDATE SET
         name = EXCLUDED.name, long_name = EXCLUDED.long_name, site_url = EXCLUDED.site_url,
         feed_url = EXCLUDED.feed_url, category = EXCLUDED.category,
         source_type = EXCLUDED.source_type, topics = EXCLUDED.topics,
         etag = CASE WHEN s.feed_url IS DISTINCT FROM EXCLUDED.feed_url THEN NULL ELSE s.etag END,
         last_modified = CASE WHEN s.feed_url IS DISTINCT FROM EXCLUDED.feed_url
                              THEN NULL ELSE s.last_modified END,
         next_due_at = CASE WHEN s.feed_url IS DISTINCT FROM EXCLUDED.feed_url
                            THEN now() ELSE s.next_due_at END
       WHERE s.origin = EXCLUDED.origin
         AND (s.name, s.long_name, s.site_url, s.feed_url, s.category, s.source_type, s.topics)
             IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.long_name, EXCLUDED.site_url,
                               EXCLUDED.feed_url, EXCLUDED.category, EXCLUDED.source_type,
                               EXCLUDED.topics)
       RETURNING (xmax = 0) AS inserted`,
      [origin, ...batch.flatMap((entry) => ENTRY_COLUMNS.map((column) => entry[column]))],
    );
    counts.inserted += rows.filter((row) => row.inserted).length;
    counts.updated += rows.filter((row) => !row.inserted).length;
  }
  return counts;
}

/** url_names and feed URLs already taken (OPML import picks free names). */
export async function takenSourceKeys(
  db: Queryable,
): Promise<{ urlNames: Set<string>; feedUrls: Set<string> }> {
  const { rows } = await db.query<{ url_name: string; feed_url: string | null }>(
    'SELECT url_name, feed_url FROM sources',
  );
  return {
    urlNames: new Set(rows.map((row) => row.url_name)),
    feedUrls: new Set(rows.flatMap((row) => (row.feed_url ? [row.feed_url] : []))),
  };
}

/** Notes that the site icon was looked for, and points the source at it when one was stored. */
export async function recordLogoCheck(
  db: Queryable,
  sourceId: number,
  logoFile: string | null,
): Promise<void> {
  await db.query(
    `UPDATE sources SET logo_checked_at = now(), logo_file = COALESCE($2, logo_file)
      WHERE source_id = $1`,
    [sourceId, logoFile],
  );
}

export async function sourceNameByUrlName(db: Db, urlName: string): Promise<string | undefined> {
  const { rows } = await db.query<{ name: string }>(
    'SELECT name FROM sources WHERE url_name = $1',
    [urlName],
  );
  return rows[0]?.name;
}

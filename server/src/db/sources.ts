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
 * the source due. An entry whose feed URL another source already has is skipped. The entry's
 * topics are its own (never derived from articles).
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
         source_type = EXCLUDED.source_type, topics = EXCLUDED.topics, topics_derived = false,
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

export interface SourceAddressRow {
  source_id: number;
  url_name: string;
  long_name: string;
  origin: SourceOrigin;
  feed_url: string | null;
  site_url: string | null;
}

/** Every source's names and addresses (an OPML import matches against them). */
export async function sourceAddresses(db: Queryable): Promise<SourceAddressRow[]> {
  const { rows } = await db.query<SourceAddressRow>(
    'SELECT source_id, url_name, long_name, origin, feed_url, site_url FROM sources',
  );
  return rows.map((row) => ({ ...row, source_id: Number(row.source_id) }));
}

const UNUSED_IMPORT = `s.origin = 'opml'
  AND NOT EXISTS (SELECT 1 FROM articles a WHERE a.source_id = s.source_id)
  AND NOT EXISTS (SELECT 1 FROM source_follows f WHERE f.source_id = s.source_id)`;

/** Sources imported from OPML that nobody follows and that never stored an article. */
export async function unusedImportedSources(db: Queryable): Promise<SourceAddressRow[]> {
  const { rows } = await db.query<SourceAddressRow>(
    `SELECT s.source_id, s.url_name, s.long_name, s.origin, s.feed_url, s.site_url FROM sources s
      WHERE ${UNUSED_IMPORT}`,
  );
  return rows.map((row) => ({ ...row, source_id: Number(row.source_id) }));
}

/** Deletes those of the given sources that are still unused imports; returns how many went. */
export async function deleteUnusedImportedSources(
  db: Queryable,
  sourceIds: number[],
): Promise<number> {
  if (sourceIds.length === 0) return 0;
  const { rows } = await db.query<{ count: number }>(
    `WITH gone AS (
       DELETE FROM sources s WHERE s.source_id = ANY ($1::bigint[]) AND ${UNUSED_IMPORT}
       RETURNING 1)
     SELECT count(*) AS count FROM gone`,
    [sourceIds],
  );
  return Number(rows[0]?.count ?? 0);
}

/** A source's names and addresses, as a renaming decides from them. */
export interface NamedSource {
  url_name: string;
  name: string;
  long_name: string;
  site_url: string | null;
  feed_url: string | null;
}

/**
 * Renames a source added by people with the names `rename` gives (undefined: keep them).
 * Catalogue names are curated and never touched.
 */
export async function renameSource(
  tx: Queryable,
  sourceId: number,
  rename: (source: NamedSource) => Pick<NamedSource, 'name' | 'long_name'> | undefined,
): Promise<void> {
  const { rows } = await tx.query<NamedSource>(
    `SELECT url_name, name, long_name, site_url, feed_url FROM sources
      WHERE source_id = $1 AND origin <> 'catalogue' FOR UPDATE`,
    [sourceId],
  );
  const names = rows[0] && rename(rows[0]);
  if (!names) return;
  await tx.query('UPDATE sources SET name = $2, long_name = $3 WHERE source_id = $1', [
    sourceId,
    names.name,
    names.long_name,
  ]);
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

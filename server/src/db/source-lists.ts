import type { Db } from './db.js';

/** A source as the client sees it, with whether the reader follows it (spec §3). */
export interface SourceRow {
  source_id: number;
  url_name: string;
  name: string;
  long_name: string;
  logo_file: string;
  following: boolean;
}

export interface SourceDetailRow extends SourceRow {
  topics: string[];
}

export interface RelatedSourceRow {
  url_name: string;
  long_name: string;
  logo_file: string;
}

/** `readerParam` holds the reader's user id, or null for a visitor. */
function sourceSelect(readerParam: string, extraColumns = ''): string {
  return `
    SELECT s.source_id, s.url_name, s.name, s.long_name, s.logo_file, ${extraColumns}
           EXISTS (SELECT 1 FROM source_follows f
                    WHERE f.source_id = s.source_id AND f.user_id = ${readerParam}) AS following
      FROM sources s`;
}

const HAS_ARTICLES = 'EXISTS (SELECT 1 FROM articles a WHERE a.source_id = s.source_id)';

/** Articles of the last year: how active a source is, for "best first" lists. */
const RECENT_ARTICLES = `(SELECT count(*) FROM articles a
   WHERE a.source_id = s.source_id AND a.publishing_date > now() - interval '365 days')`;

export type SourceKey = { urlName: string } | { sourceId: number };

export async function findSource(
  db: Db,
  key: SourceKey,
  userId: number | null,
): Promise<SourceDetailRow | undefined> {
  const [condition, value] =
    'urlName' in key ? ['s.url_name = $2', key.urlName] : ['s.source_id = $2', key.sourceId];
  const { rows } = await db.query<SourceDetailRow>(
    `${sourceSelect('$1', 's.topics,')} WHERE ${condition}`,
    [userId, value],
  );
  return rows[0];
}

/** Sources sharing most topics with this one, then the most active. */
export async function relatedSources(
  db: Db,
  source: { source_id: number; topics: string[] },
  limit: number,
): Promise<RelatedSourceRow[]> {
  const { rows } = await db.query<RelatedSourceRow>(
    `SELECT s.url_name, s.long_name, s.logo_file
       FROM sources s
      WHERE s.source_id <> $1 AND s.topics && $2::text[] AND ${HAS_ARTICLES}
      ORDER BY cardinality(ARRAY(SELECT unnest(s.topics) INTERSECT SELECT unnest($2::text[]))) DESC,
               ${RECENT_ARTICLES} DESC, s.url_name
      LIMIT $3`,
    [source.source_id, source.topics, limit],
  );
  return rows;
}

/** Every source with articles, and every source the reader follows, by name. */
export async function listSources(db: Db, userId: number | null): Promise<SourceRow[]> {
  const { rows } = await db.query<SourceRow>(
    `SELECT * FROM (${sourceSelect('$1')} WHERE ${HAS_ARTICLES}
                      OR EXISTS (SELECT 1 FROM source_follows f
                                  WHERE f.source_id = s.source_id AND f.user_id = $1)) listed
      ORDER BY lower(name), url_name`,
    [userId],
  );
  return rows;
}

/**
 * Active sources the reader does not follow yet, in the reader's topics when there are any,
 * most active first.
 */
export async function recommendedSources(
  db: Db,
  userId: number | null,
  topics: string[] | null,
  limit: number,
): Promise<SourceRow[]> {
  const { rows } = await db.query<SourceRow>(
    `${sourceSelect('$1')}
      WHERE ${HAS_ARTICLES}
        AND NOT EXISTS (SELECT 1 FROM source_follows f
                         WHERE f.source_id = s.source_id AND f.user_id = $1)
        AND ($2::text[] IS NULL OR s.topics && $2::text[])
      ORDER BY ${RECENT_ARTICLES} DESC, s.url_name
      LIMIT $3`,
    [userId, topics && topics.length > 0 ? topics : null, limit],
  );
  return rows;
}

/** The landing page's showcase: the most active sources, those with a real logo first. */
export async function showcaseSources(
  db: Db,
  userId: number | null,
  count: number,
): Promise<SourceRow[]> {
  const { rows } = await db.query<SourceRow>(
    `${sourceSelect('$1')}
      WHERE ${HAS_ARTICLES}
      ORDER BY (s.logo_file NOT LIKE '%.svg') DESC, ${RECENT_ARTICLES} DESC, s.url_name
      LIMIT $2`,
    [userId, count],
  );
  return rows;
}

export async function topicSources(db: Db, topic: string): Promise<RelatedSourceRow[]> {
  const { rows } = await db.query<RelatedSourceRow>(
    `SELECT s.url_name, s.long_name, s.logo_file
       FROM sources s
      WHERE s.topics @> ARRAY[$1::text] AND ${HAS_ARTICLES}
      ORDER BY ${RECENT_ARTICLES} DESC, s.url_name`,
    [topic],
  );
  return rows;
}

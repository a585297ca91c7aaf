import type { Db } from './db.js';
import { deadSource } from './source-health.js';
import { recentArticleTopics } from './source-topics.js';

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

/** How many of `topics` (an SQL text[] expression) source s has. */
const sharedTopics = (topics: string) =>
  `cardinality(ARRAY(SELECT unnest(s.topics) INTERSECT SELECT unnest(${topics})))`;

/** Popular first: most followed, then most active. */
const POPULAR = `(SELECT count(*) FROM source_follows f WHERE f.source_id = s.source_id) DESC,
  ${RECENT_ARTICLES} DESC, s.url_name`;

/**
 * Other active sources (never a dead one), best first: those sharing most of this source's topics, then those whose
 * topics its recent articles carry (its topics may be few or none), then the popular ones, so
 * the list is only empty when no other source has articles.
 */
export async function relatedSources(
  db: Db,
  source: { source_id: number; topics: string[] },
  limit: number,
): Promise<RelatedSourceRow[]> {
  const { rows } = await db.query<RelatedSourceRow>(
    `WITH written AS (
       SELECT COALESCE(array_agg(DISTINCT topic), '{}') AS topics
         FROM (${recentArticleTopics('$1')}) recent, unnest(recent.topics) AS topic)
     SELECT s.url_name, s.long_name, s.logo_file
       FROM sources s, written
      WHERE s.source_id <> $1 AND ${HAS_ARTICLES} AND NOT ${deadSource('s')}
      ORDER BY ${sharedTopics('$2::text[]')} DESC, ${sharedTopics('written.topics')} DESC, ${POPULAR}
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
 * Active sources the reader does not follow yet: those in most of the reader's topics first when
 * there are any, then the popular ones. Dead sources (source-health.ts) are never recommended.
 */
export async function recommendedSources(
  db: Db,
  userId: number | null,
  topics: string[] | null,
  limit: number,
): Promise<SourceRow[]> {
  const { rows } = await db.query<SourceRow>(
    `${sourceSelect('$1')}
      WHERE ${HAS_ARTICLES} AND NOT ${deadSource('s')}
        AND NOT EXISTS (SELECT 1 FROM source_follows f
                         WHERE f.source_id = s.source_id AND f.user_id = $1)
      ORDER BY ${sharedTopics('$2::text[]')} DESC, ${POPULAR}
      LIMIT $3`,
    [userId, topics ?? [], limit],
  );
  return rows;
}

/**
 * The landing page's showcase: the most active sources, those with a real logo first; never a
 * dead one.
 */
export async function showcaseSources(
  db: Db,
  userId: number | null,
  count: number,
): Promise<SourceRow[]> {
  const { rows } = await db.query<SourceRow>(
    `${sourceSelect('$1')}
      WHERE ${HAS_ARTICLES} AND NOT ${deadSource('s')}
      ORDER BY (s.logo_file NOT LIKE '%.svg') DESC, ${RECENT_ARTICLES} DESC, s.url_name
      LIMIT $2`,
    [userId, count],
  );
  return rows;
}

/** A topic's list is filled up to this with sources that write about it without having it. */
const TOPIC_SOURCES_FILLED_TO = 12;

/**
 * The active sources of a topic (never a dead one), most active first; while they are fewer than
 * TOPIC_SOURCES_FILLED_TO, followed by the sources with most articles of the topic among their
 * newest (two at least), so a topic no source has yet still lists who writes about it.
 */
export async function topicSources(db: Db, topic: string): Promise<RelatedSourceRow[]> {
  const { rows } = await db.query<RelatedSourceRow>(
    `WITH holders AS (
       SELECT s.url_name, s.long_name, s.logo_file, ${RECENT_ARTICLES} AS weight
         FROM sources s
        WHERE s.topics @> ARRAY[$1::text] AND ${HAS_ARTICLES} AND NOT ${deadSource('s')}),
     writers AS (
       SELECT s.url_name, s.long_name, s.logo_file,
              (SELECT count(*) FROM (${recentArticleTopics('s.source_id')}) recent
                WHERE recent.topics @> ARRAY[$1::text]) AS weight
         FROM sources s
        WHERE NOT s.topics @> ARRAY[$1::text] AND NOT ${deadSource('s')}
          AND (SELECT count(*) FROM holders) < $2)
     SELECT url_name, long_name, logo_file FROM (
       SELECT holders.*, 0 AS tier FROM holders
       UNION ALL
       (SELECT writers.*, 1 AS tier FROM writers WHERE weight >= 2
         ORDER BY weight DESC, url_name
         LIMIT greatest(0, $2 - (SELECT count(*) FROM holders)))) listed
      ORDER BY tier, weight DESC, url_name`,
    [topic, TOPIC_SOURCES_FILLED_TO],
  );
  return rows;
}

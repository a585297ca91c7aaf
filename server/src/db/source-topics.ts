import type { Queryable } from './db.js';

/** How many of a source's newest articles say what it writes about now. */
const RECENT_ARTICLES = 50;

/** SQL: the topics of each of the source's newest articles (`sourceId` an SQL expression). */
export function recentArticleTopics(sourceId: string): string {
  return `SELECT a.topics FROM articles a WHERE a.source_id = ${sourceId}
           ORDER BY a.publishing_date DESC NULLS LAST, a.post_id DESC LIMIT ${RECENT_ARTICLES}`;
}
/** Fewer articles than this say too little to give a source topics. */
const MIN_ARTICLES = 3;
const MAX_TOPICS = 3;

/**
 * Gives every source without topics of its own (none, or only derived ones) the topics most
 * frequent among its newest articles: those held by at least a quarter of them, most frequent
 * first, at most three; when none reaches a quarter, the most frequent one if at least two
 * articles hold it. Catalogue and OPML topics are never touched. Returns how many sources changed.
 */
export async function deriveSourceTopics(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `WITH recent AS (
       SELECT s.source_id, a.topics
         FROM sources s
        CROSS JOIN LATERAL (${recentArticleTopics('s.source_id')}) a
        WHERE s.topics = '{}' OR s.topics_derived),
     sized AS (
       SELECT source_id, topics, count(*) OVER (PARTITION BY source_id) AS articles FROM recent),
     held AS (
       SELECT source_id, topic, count(*) AS holders, min(articles) AS articles,
              row_number() OVER (PARTITION BY source_id ORDER BY count(*) DESC, topic) AS rank
         FROM sized CROSS JOIN LATERAL unnest(topics) AS t (topic)
        WHERE articles >= $1
        GROUP BY source_id, topic),
     derived AS (
       SELECT source_id, array_agg(topic ORDER BY rank) AS topics FROM held
        WHERE rank <= $2 AND (holders * 4 >= articles OR (rank = 1 AND holders >= 2))
        GROUP BY source_id),
     changed AS (
       UPDATE sources s SET topics = d.topics, topics_derived = true
         FROM derived d
        WHERE s.source_id = d.source_id AND (s.topics = '{}' OR s.topics_derived)
          AND s.topics IS DISTINCT FROM d.topics
       RETURNING 1)
     SELECT count(*) AS count FROM changed`,
    [MIN_ARTICLES, MAX_TOPICS],
  );
  return Number(rows[0]?.count ?? 0);
}

import type { ArticleBatch } from './article-batch.js';
import type { Queryable } from './db.js';

/** What the topic rules read of an article: its title, opening and its source's topics. */
export interface ArticleToTopic {
  post_id: number;
  title: string;
  opening: string;
  source_topics: string[];
}

/**
 * The articles of `batch` whose topics were not given by the rules of `rulesVersion` (new ones,
 * or given by older rules), by post_id. The opening is the start of the content, or the
 * description when there is none.
 */
export async function articlesToTopic(
  db: Queryable,
  rulesVersion: number,
  { afterPostId, limit, openingCharacters }: ArticleBatch,
): Promise<ArticleToTopic[]> {
  const { rows } = await db.query<ArticleToTopic>(
    `SELECT a.post_id, a.title,
            left(coalesce(nullif(a.content, ''), a.description), $4) AS opening,
            s.topics AS source_topics
       FROM articles a
       JOIN sources s ON s.source_id = a.source_id
      WHERE a.post_id > $2 AND a.topics_version IS DISTINCT FROM $1
      ORDER BY a.post_id
      LIMIT $3`,
    [rulesVersion, afterPostId, limit, openingCharacters],
  );
  return rows.map((row) => ({ ...row, post_id: Number(row.post_id) }));
}

/** Joined with a character no topic contains, so one text[] parameter carries a list per row. */
const TOPIC_SEPARATOR = '\u001f';

/** A topic an article is about, and the evidence for it. */
export interface ArticleTopic {
  topic: string;
  score: number;
}

/** Stores each article's topics, best first, with their scores, as given by the rules of `rulesVersion`. */
export async function storeTopics(
  db: Queryable,
  rulesVersion: number,
  articles: readonly { postId: number; topics: readonly ArticleTopic[] }[],
): Promise<void> {
  if (articles.length === 0) return;
  await db.query(
    `UPDATE articles a SET topics = string_to_array(input.topics, $4),
                           topic_scores = string_to_array(input.scores, $4)::real[],
                           topics_version = $5
       FROM unnest($1::bigint[], $2::text[], $3::text[]) AS input (post_id, topics, scores)
      WHERE a.post_id = input.post_id`,
    [
      articles.map((article) => article.postId),
      articles.map((article) => article.topics.map(({ topic }) => topic).join(TOPIC_SEPARATOR)),
      articles.map((article) => article.topics.map(({ score }) => score).join(TOPIC_SEPARATOR)),
      TOPIC_SEPARATOR,
      rulesVersion,
    ],
  );
}

import type { ArticleFeedback } from '@blogstream/shared/contract';
import type { Queryable } from './db.js';

/**
 * Sets the reader's feedback on an article (decision 0036), or takes it back (null); a change
 * dates it anew. False when the article does not exist.
 */
export async function setArticleFeedback(
  db: Queryable,
  userId: number,
  postId: number,
  feedback: ArticleFeedback | null,
): Promise<boolean> {
  const change =
    feedback === null
      ? 'DELETE FROM article_feedback WHERE user_id = $1 AND post_id = $2'
      : `INSERT INTO article_feedback (user_id, post_id, feedback)
         SELECT $1, post_id, $3::text FROM article
         ON CONFLICT (user_id, post_id)
         DO UPDATE SET feedback = excluded.feedback, created_at = now()
         WHERE article_feedback.feedback <> excluded.feedback`;
  const { rows } = await db.query<{ found: boolean }>(
    `WITH article AS (SELECT post_id FROM articles WHERE post_id = $2),
          change AS (${change})
     SELECT EXISTS (SELECT 1 FROM article) AS found`,
    feedback === null ? [userId, postId] : [userId, postId, feedback],
  );
  return rows[0]?.found === true;
}

/** One feedback of the reader, with what the ranking steers by: the article's topics and blog. */
export interface FeedbackGiven {
  postId: number;
  sourceId: number;
  topics: string[];
  feedback: ArticleFeedback;
}

/** The reader's `limit` newest feedbacks, newest first. */
export async function readerFeedback(
  db: Queryable,
  userId: number,
  limit: number,
): Promise<FeedbackGiven[]> {
  const { rows } = await db.query<{
    post_id: string | number;
    source_id: string | number;
    topics: string[] | null;
    feedback: ArticleFeedback;
  }>(
    `SELECT f.post_id, a.source_id, a.topics, f.feedback
       FROM article_feedback f JOIN articles a ON a.post_id = f.post_id
      WHERE f.user_id = $1
      ORDER BY f.created_at DESC, f.post_id DESC
      LIMIT ${limit}`,
    [userId],
  );
  return rows.map((row) => ({
    postId: Number(row.post_id),
    sourceId: Number(row.source_id),
    topics: row.topics ?? [],
    feedback: row.feedback,
  }));
}

import type { Article } from '@blogstream/shared/contract';
import { articleSelect, toArticle, type ArticleRow } from '../db/articles.js';
import type { Queryable } from '../db/db.js';

export interface Page {
  offset: number;
  limit: number;
}

/**
 * Bookmarks or un-bookmarks an article; idempotent (a second call changes nothing and succeeds).
 * False when the article does not exist.
 */
export async function setBookmark(
  db: Queryable,
  userId: number,
  postId: number,
  bookmarked: boolean,
): Promise<boolean> {
  const change = bookmarked
    ? `INSERT INTO bookmarks (user_id, post_id) SELECT $1, post_id FROM article
         ON CONFLICT (user_id, post_id) DO NOTHING`
    : 'DELETE FROM bookmarks WHERE user_id = $1 AND post_id = $2';
  const { rows } = await db.query<{ found: boolean }>(
    `WITH article AS (SELECT post_id FROM articles WHERE post_id = $2),
          change AS (${change})
     SELECT EXISTS (SELECT 1 FROM article) AS found`,
    [userId, postId],
  );
  return rows[0]?.found === true;
}

/** The reader's bookmarked articles, most recently bookmarked first. */
export async function bookmarkedArticles(
  db: Queryable,
  userId: number,
  { offset, limit }: Page,
): Promise<Article[]> {
  const { rows } = await db.query<ArticleRow>(
    `${articleSelect('$1')}
       JOIN bookmarks mine ON mine.post_id = a.post_id AND mine.user_id = $1
      ORDER BY mine.created_at DESC, a.post_id DESC
      LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
  return rows.map(toArticle);
}

import type { Article } from '@blogstream/shared/contract';
import { articleSelect, articlesOf, type ArticleRow } from './articles.js';
import type { Queryable } from './db.js';
import { setReaderLink } from './reader-links.js';

export interface Page {
  offset: number;
  limit: number;
}

const BOOKMARKS = {
  table: 'bookmarks',
  key: 'post_id',
  things: 'articles',
  target: 'article',
} as const;

/**
 * Bookmarks or un-bookmarks an article; idempotent (a second call changes nothing and succeeds).
 * False when the article does not exist.
 */
export function setBookmark(
  db: Queryable,
  userId: number,
  postId: number,
  bookmarked: boolean,
): Promise<boolean> {
  return setReaderLink(db, BOOKMARKS, userId, postId, bookmarked);
}

/** The reader's `limit` most recent bookmarks made by `cutoff`, most recent first. */
export async function recentBookmarkIds(
  db: Queryable,
  userId: number,
  cutoff: Date,
  limit: number,
): Promise<number[]> {
  const { rows } = await db.query<{ post_id: string }>(
    `SELECT post_id FROM bookmarks WHERE user_id = $1 AND created_at <= $2
        ORDER BY created_at DESC LIMIT ${limit}`,
    [userId, cutoff],
  );
  return rows.map((row) => Number(row.post_id));
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
  return articlesOf(db, rows);
}

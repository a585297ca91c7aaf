import type { ArticleBatch } from './article-batch.js';
import type { Queryable } from './db.js';

/** What the genre rules read of an article: its title and opening. */
export interface ArticleToClassify {
  post_id: number;
  title: string;
  description: string;
  opening: string;
}

/**
 * The articles of `batch` whose genre was not classified by the rules of `rulesVersion` (new
 * ones, or classified by older rules), by post_id.
 */
export async function articlesToClassify(
  db: Queryable,
  rulesVersion: number,
  { afterPostId, limit, openingCharacters }: ArticleBatch,
): Promise<ArticleToClassify[]> {
  const { rows } = await db.query<ArticleToClassify>(
    `SELECT post_id, title, description, left(content, $4) AS opening
       FROM articles
      WHERE post_id > $2 AND genre_version IS DISTINCT FROM $1
      ORDER BY post_id
      LIMIT $3`,
    [rulesVersion, afterPostId, limit, openingCharacters],
  );
  return rows.map((row) => ({ ...row, post_id: Number(row.post_id) }));
}

/** Stores each article's genre (null: none) as classified by the rules of `rulesVersion`. */
export async function storeGenres(
  db: Queryable,
  rulesVersion: number,
  genres: { postId: number; genre: string | null }[],
): Promise<void> {
  if (genres.length === 0) return;
  await db.query(
    `UPDATE articles a SET genre = classified.genre, genre_version = $3
       FROM unnest($1::bigint[], $2::text[]) AS classified (post_id, genre)
      WHERE a.post_id = classified.post_id`,
    [genres.map((entry) => entry.postId), genres.map((entry) => entry.genre), rulesVersion],
  );
}

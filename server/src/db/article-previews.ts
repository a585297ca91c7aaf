import type { ArticleBatch } from './article-batch.js';
import type { Db, Queryable } from './db.js';

/** What a preview is derived from: the stored preview and the opening of the stored text. */
export interface StoredPreview {
  post_id: number;
  title: string;
  description: string;
  opening: string;
}

/** The articles of `batch`, by post_id, with the opening of their text. */
export async function storedPreviews(
  db: Queryable,
  { afterPostId, limit, openingCharacters }: ArticleBatch,
): Promise<StoredPreview[]> {
  const { rows } = await db.query<StoredPreview>(
    `SELECT post_id, title, description, left(content, $3) AS opening
       FROM articles WHERE post_id > $1 ORDER BY post_id LIMIT $2`,
    [afterPostId, limit, openingCharacters],
  );
  return rows.map((row) => ({ ...row, post_id: Number(row.post_id) }));
}

/**
 * Stores articles' new previews; like a changed text (article-pages.ts), a changed preview drops
 * the article's embedding and summary, which the jobs compute again.
 */
export async function storePreviews(
  db: Db,
  previews: { postId: number; description: string }[],
): Promise<void> {
  if (previews.length === 0) return;
  const ids = previews.map((preview) => preview.postId);
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE articles a SET description = derived.description, updated_at = now()
         FROM unnest($1::bigint[], $2::text[]) AS derived (post_id, description)
        WHERE a.post_id = derived.post_id`,
      [ids, previews.map((preview) => preview.description)],
    );
    await tx.query('DELETE FROM article_embeddings WHERE post_id = ANY($1::bigint[])', [ids]);
    await tx.query('DELETE FROM article_summaries WHERE post_id = ANY($1::bigint[])', [ids]);
  });
}

import type { ReaderBlock } from '@blogstream/shared/contract';
import type { ArticleToStore } from './article-store.js';
import type { Db } from './db.js';

/** An article whose page is to be visited, with what its feed gave. */
export type ArticleToVisit = { postId: number } & Pick<
  ArticleToStore,
  'link' | 'title' | 'description' | 'content' | 'image' | 'imageDeclared' | 'publishingDate'
>;

/** What a visit of the page adds to an article; unchanged fields are left as they are. */
export interface PageFindings {
  publishingDate: Date | null;
  image: string | null;
  description: string;
  content: string;
  /** The blocks of the page's text when it is taken; null: the article keeps the ones it has. */
  blocks: ReaderBlock[] | null;
}

export interface PageVisitCounts {
  pending: number;
  visited: number;
  failed: number;
}

interface ClaimedRow {
  post_id: string | number;
  link: string;
  title: string;
  description: string;
  content: string;
  image: string | null;
  image_declared: boolean;
  publishing_date: Date | string | null;
}

/**
 * Leases up to `limit` pending articles, newest first, to this visitor for `leaseSeconds`:
 * visitors in other processes skip them, and a crashed visitor's lease runs out.
 */
export async function claimPagesToVisit(
  db: Db,
  limit: number,
  leaseSeconds: number,
): Promise<ArticleToVisit[]> {
  const { rows } = await db.query<ClaimedRow>(
    `UPDATE articles a SET page_lease_until = now() + make_interval(secs => $2)
      WHERE a.post_id IN (
        SELECT post_id FROM articles
         WHERE page_state = 'pending' AND (page_lease_until IS NULL OR page_lease_until < now())
         ORDER BY post_id DESC
         LIMIT $1
         FOR UPDATE SKIP LOCKED)
      RETURNING a.post_id, a.link, a.title, a.description, a.content, a.image, a.image_declared,
                a.publishing_date`,
    [limit, leaseSeconds],
  );
  return rows.map((row) => ({
    postId: Number(row.post_id),
    link: row.link,
    title: row.title,
    description: row.description,
    content: row.content,
    image: row.image,
    imageDeclared: row.image_declared,
    publishingDate: row.publishing_date === null ? null : new Date(row.publishing_date),
  }));
}

/**
 * Records a visited page: the article takes what the page found, and when its text changed, its
 * embedding and summary are dropped so the jobs compute them again from the new text.
 */
export function recordPageVisit(db: Db, postId: number, findings: PageFindings): Promise<void> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ text_changed: boolean }>(
      `WITH before AS (SELECT description, content FROM articles WHERE post_id = $1)
       UPDATE articles a
          SET publishing_date = COALESCE(a.publishing_date, $2),
              image = $3, description = $4, content = $5,
              content_blocks = COALESCE($6::jsonb, a.content_blocks),
              page_state = 'visited', page_lease_until = NULL, updated_at = now()
         FROM before
        WHERE a.post_id = $1
       RETURNING (before.description, before.content) IS DISTINCT FROM ($4, $5) AS text_changed`,
      [
        postId,
        findings.publishingDate,
        findings.image,
        findings.description,
        findings.content,
        findings.blocks && JSON.stringify(findings.blocks),
      ],
    );
    if (rows[0]?.text_changed) {
      await tx.query('DELETE FROM article_embeddings WHERE post_id = $1', [postId]);
      await tx.query('DELETE FROM article_summaries WHERE post_id = $1', [postId]);
    }
  });
}

/** A page that could not be read: the article keeps what its feed gave, and is not tried again. */
export async function recordPageFailure(db: Db, postId: number): Promise<void> {
  await db.query(
    `UPDATE articles SET page_state = 'failed', page_lease_until = NULL WHERE post_id = $1`,
    [postId],
  );
}

export async function pageVisitCounts(db: Db): Promise<PageVisitCounts> {
  const { rows } = await db.query<{ page_state: string; count: string | number }>(
    `SELECT page_state, count(*) AS count FROM articles
      WHERE page_state <> 'not_needed' GROUP BY page_state`,
  );
  const count = (state: string) => Number(rows.find((row) => row.page_state === state)?.count ?? 0);
  return { pending: count('pending'), visited: count('visited'), failed: count('failed') };
}

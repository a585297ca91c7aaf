import type { Queryable } from './db.js';

/**
 * What the in-process search indexes read of the articles (intelligence/search): each article's
 * text for the lexical index and more like this, and the changes since an index last looked.
 */

/** Characters of an article's body that are indexed: bounds memory and load time per article. */
export const MAX_INDEXED_BODY = 8_000;
/**
 * Rows changed this long before the last read are read again by the next: a transaction that
 * began earlier (updated_at is its start) but committed later still gets its articles indexed.
 */
const LATE_COMMIT_WINDOW = '5 minutes';

/** An article's indexed text: title, preview, the start of its body and its source's name. */
export interface IndexedArticle {
  post_id: string | number;
  title: string;
  description: string;
  content: string;
  source_name: string;
  /** As text: keeps the microseconds a JavaScript Date would drop from the watermark. */
  updated_at: string;
}

const ARTICLE_TEXT = `
  SELECT a.post_id, a.title, a.description, left(a.content, ${MAX_INDEXED_BODY}) AS content,
         s.name AS source_name, a.updated_at::text AS updated_at
    FROM articles a JOIN sources s ON s.source_id = a.source_id`;

/** When an article was last written (updated_at, as text), by an index-only query; null: none. */
export async function newestArticleChange(db: Queryable): Promise<string | null> {
  const { rows } = await db.query<{ newest: string | null }>(
    'SELECT max(updated_at)::text AS newest FROM articles',
  );
  return rows[0]?.newest ?? null;
}

/**
 * How long ago, in seconds, the oldest article written after `after` (an updated_at, as text) was
 * written: the wait of the oldest change an index following `after` lacks; 0 when there is none.
 */
export async function articleChangeAgeAfter(db: Queryable, after: string): Promise<number> {
  const { rows } = await db.query<{ age: number }>(
    `SELECT COALESCE(extract(epoch FROM now() - min(updated_at)), 0)::float8 AS age
       FROM articles WHERE updated_at > $1::timestamptz`,
    [after],
  );
  return Math.max(0, Number(rows[0]?.age ?? 0));
}

/**
 * The database's system identifier, set when the database is created: a saved search index
 * belongs to one database (null where the function is not allowed).
 */
export async function databaseIdentity(db: Queryable): Promise<string | null> {
  try {
    const { rows } = await db.query<{ id: string }>(
      'SELECT system_identifier::text AS id FROM pg_control_system()',
    );
    return rows[0]?.id ?? null;
  } catch {
    return null;
  }
}

export async function articleCount(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM articles');
  return rows[0]?.count ?? 0;
}

/** Up to `limit` articles after post id `after`, in post_id order. */
export async function indexedArticlesAfter(
  db: Queryable,
  after: number,
  limit: number,
): Promise<IndexedArticle[]> {
  const { rows } = await db.query<IndexedArticle>(
    `${ARTICLE_TEXT} WHERE a.post_id > $1 ORDER BY a.post_id LIMIT ${limit}`,
    [after],
  );
  return rows;
}

export async function indexedArticles(
  db: Queryable,
  postIds: readonly number[],
): Promise<IndexedArticle[]> {
  const { rows } = await db.query<IndexedArticle>(
    `${ARTICLE_TEXT} WHERE a.post_id = ANY($1::bigint[])`,
    [postIds],
  );
  return rows;
}

/** The database's clock (as text, like updated_at): when a read of the changes began. */
export async function databaseNow(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ now: string }>('SELECT now()::text AS now');
  return rows[0]!.now;
}

/**
 * The articles changed since the read at `readAt` (databaseNow before it) less the late-commit
 * window, with when they changed; `readAt` of this read.
 */
export async function articlesChangedSince(
  db: Queryable,
  readAt: string,
): Promise<{ rows: { post_id: string | number; updated_at: string }[]; readAt: string }> {
  const now = await databaseNow(db);
  const { rows } = await db.query<{ post_id: string | number; updated_at: string }>(
    `SELECT post_id, updated_at::text AS updated_at FROM articles
        WHERE updated_at > $1::timestamptz - interval '${LATE_COMMIT_WINDOW}'`,
    [readAt],
  );
  return { rows, readAt: now };
}

export async function allArticleIds(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ post_id: string | number }>('SELECT post_id FROM articles');
  return rows.map((row) => Number(row.post_id));
}

/** An article whose like is sought (more like this): its indexed text and its source. */
export interface SourceArticle {
  post_id: string | number;
  source_id: string | number;
  title: string;
  description: string;
  content: string;
  source_name: string;
}

export async function seedArticle(
  db: Queryable,
  postId: number,
): Promise<SourceArticle | undefined> {
  const { rows } = await db.query<SourceArticle>(
    `SELECT a.post_id, a.source_id, a.title, a.description,
            left(a.content, ${MAX_INDEXED_BODY}) AS content, s.name AS source_name
       FROM articles a JOIN sources s ON s.source_id = a.source_id
      WHERE a.post_id = $1`,
    [postId],
  );
  return rows[0];
}

/** The source, title and story of each article of `postIds` still stored, by post id. */
export async function articleSourcesAndTitles(
  db: Queryable,
  postIds: readonly number[],
): Promise<Map<number, { sourceId: number; title: string; storyId: number | null }>> {
  const { rows } = await db.query<{
    post_id: string;
    source_id: string;
    title: string;
    story_id: string | null;
  }>('SELECT post_id, source_id, title, story_id FROM articles WHERE post_id = ANY($1::bigint[])', [
    postIds,
  ]);
  return new Map(
    rows.map((row) => [
      Number(row.post_id),
      {
        sourceId: Number(row.source_id),
        title: row.title,
        storyId: row.story_id === null ? null : Number(row.story_id),
      },
    ]),
  );
}

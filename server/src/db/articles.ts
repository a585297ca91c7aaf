import {
  isGenre,
  type Article,
  type ArticleFeedback,
  type ReaderBlock,
  type StoryCopy,
} from '@blogstream/shared/contract';
import type { Db, Queryable } from './db.js';

/** One article row as `articleSelect` returns it. */
export interface ArticleRow {
  post_id: string | number;
  title: string;
  description: string;
  link: string;
  image: string | null;
  source_type: string;
  source_name: string;
  source_url_name: string;
  source_logo_file: string;
  /** Null when the article is undated. */
  publishing_date: Date | string | null;
  bookmarked: boolean;
  read: boolean;
  feedback: ArticleFeedback | null;
  topics: string[] | null;
  genre: string | null;
  /** The story it belongs to, if another blog published it too (articlesOf adds the copies). */
  story_id: string | number | null;
}

/**
 * The SELECT list and joins of every feed: articles with their source and whether the reader
 * bookmarked and read them and their feedback on them. `readerParam` is the placeholder holding the reader's user id (or null
 * for a visitor), e.g. `$1`. Callers add WHERE, ORDER BY (NEWEST_FIRST for a stable order) and
 * LIMIT/OFFSET, and turn the rows into articles with `articlesOf`.
 */
export function articleSelect(readerParam: string): string {
  return `
    SELECT a.post_id, a.title, a.description, a.link, a.image,
           s.source_type, s.name AS source_name, s.url_name AS source_url_name,
           s.logo_file AS source_logo_file, a.publishing_date,
           EXISTS (
             SELECT 1 FROM bookmarks b WHERE b.post_id = a.post_id AND b.user_id = ${readerParam}
           ) AS bookmarked,
           EXISTS (
             SELECT 1 FROM read_marks r WHERE r.post_id = a.post_id AND r.user_id = ${readerParam}
           ) AS read,
           (SELECT f.feedback FROM article_feedback f
             WHERE f.post_id = a.post_id AND f.user_id = ${readerParam}) AS feedback,
           a.topics, a.genre, a.story_id
      FROM articles a
      JOIN sources s ON s.source_id = a.source_id`;
}

interface StoryCopyRow extends StoryCopy {
  story_id: string | number;
}

/**
 * Every copy of the stories among `rows`, by story id, oldest first. Asked for only when a row
 * belongs to a story (few do): a subquery per row in articleSelect cost every feed call about
 * 0.7 ms of planning on the embedded database, story or not.
 */
async function storyCopiesOf(
  db: Queryable,
  rows: readonly ArticleRow[],
): Promise<Map<string, StoryCopy[]>> {
  const storyIds = [
    ...new Set(rows.flatMap((row) => (row.story_id === null ? [] : [row.story_id]))),
  ];
  const copies = new Map<string, StoryCopy[]>();
  if (storyIds.length === 0) return copies;
  const result = await db.query<StoryCopyRow>(
    `SELECT o.story_id, o.post_id, os.name AS source_name, os.url_name AS source_url_name, o.link
       FROM articles o JOIN sources os ON os.source_id = o.source_id
      WHERE o.story_id = ANY($1::bigint[])
      ORDER BY o.publishing_date NULLS LAST, o.post_id`,
    [storyIds],
  );
  for (const { story_id: storyId, post_id: postId, ...copy } of result.rows) {
    const story = copies.get(String(storyId)) ?? [];
    story.push({ ...copy, post_id: Number(postId) });
    copies.set(String(storyId), story);
  }
  return copies;
}

function toArticle(row: ArticleRow, storyCopies: readonly StoryCopy[]): Article {
  const postId = Number(row.post_id);
  return {
    post_id: postId,
    title: row.title,
    description: row.description,
    link: row.link,
    image: row.image,
    source_type: row.source_type,
    source_name: row.source_name,
    source_url_name: row.source_url_name,
    source_logo_file: row.source_logo_file,
    publishing_date:
      row.publishing_date === null ? null : new Date(row.publishing_date).toISOString(),
    bookmarked: row.bookmarked,
    read: row.read,
    feedback: row.feedback,
    topics: row.topics ?? [],
    genre: isGenre(row.genre) ? row.genre : null,
    also_on: storyCopies.filter((copy) => copy.post_id !== postId),
  };
}

/** The articles of `articleSelect` rows, in their order, each with the other copies of its story. */
export async function articlesOf(db: Queryable, rows: readonly ArticleRow[]): Promise<Article[]> {
  const copies = await storyCopiesOf(db, rows);
  return rows.map((row) => toArticle(row, copies.get(String(row.story_id)) ?? []));
}

/** The articles of `ids`, in that order (ids no longer stored are left out). */
export async function articlesInOrder(
  db: Db,
  ids: readonly number[],
  userId: number | null,
): Promise<Article[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<ArticleRow>(
    `${articleSelect('$1')} WHERE a.post_id = ANY($2::bigint[])`,
    [userId, ids],
  );
  const byId = new Map((await articlesOf(db, rows)).map((article) => [article.post_id, article]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** An article's stored text: plain, one paragraph a line, and its blocks when they were kept. */
export interface StoredText {
  content: string;
  /** Null for text stored before the crawler kept blocks, or sent as plain text. */
  blocks: ReaderBlock[] | null;
}

/** The article's stored text, or undefined when there is no such article. */
export async function storedText(db: Queryable, postId: number): Promise<StoredText | undefined> {
  const { rows } = await db.query<{ content: string; content_blocks: ReaderBlock[] | null }>(
    'SELECT content, content_blocks FROM articles WHERE post_id = $1',
    [postId],
  );
  return rows[0] && { content: rows[0].content, blocks: rows[0].content_blocks };
}

import { isGenre, type Article, type StoryCopy } from '@blogstream/shared/contract';
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
  topics: string[] | null;
  genre: string | null;
  /** The other copies of its story (json_agg, parsed by the driver). */
  also_on: StoryCopy[];
}

/**
 * The SELECT list and joins of every feed: articles with their source, whether the reader
 * bookmarked and read them, and the other blogs' copies of their story. `readerParam` is the
 * placeholder holding the reader's user id (or null for a visitor), e.g. `$1`. Callers add WHERE,
 * ORDER BY (NEWEST_FIRST for a stable order) and LIMIT/OFFSET.
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
           a.topics, a.genre,
           COALESCE((
             SELECT json_agg(json_build_object(
                      'post_id', o.post_id, 'source_name', os.name,
                      'source_url_name', os.url_name, 'link', o.link)
                    ORDER BY o.publishing_date NULLS LAST, o.post_id)
               FROM articles o JOIN sources os ON os.source_id = o.source_id
              WHERE a.story_id IS NOT NULL AND o.story_id = a.story_id
                AND o.post_id <> a.post_id
           ), '[]') AS also_on
      FROM articles a
      JOIN sources s ON s.source_id = a.source_id`;
}

export function toArticle(row: ArticleRow): Article {
  return {
    post_id: Number(row.post_id),
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
    topics: row.topics ?? [],
    genre: isGenre(row.genre) ? row.genre : null,
    also_on: row.also_on.map((copy) => ({ ...copy, post_id: Number(copy.post_id) })),
  };
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
  const byId = new Map(rows.map((row) => [Number(row.post_id), toArticle(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Joined with a character no topic contains, so one text[] parameter carries a list per row. */
const TOPIC_SEPARATOR = '\u001f';

/** Replaces the topics of each article given. */
export async function setArticleTopics(
  db: Queryable,
  articles: readonly { postId: number | string; topics: readonly string[] }[],
): Promise<void> {
  if (articles.length === 0) return;
  await db.query(
    `UPDATE articles a SET topics = string_to_array(input.topics, $3)
       FROM unnest($1::bigint[], $2::text[]) AS input (post_id, topics)
      WHERE a.post_id = input.post_id`,
    [
      articles.map((article) => article.postId),
      articles.map((article) => article.topics.join(TOPIC_SEPARATOR)),
      TOPIC_SEPARATOR,
    ],
  );
}

import type { Article } from '@blogstream/shared/contract';
import { articleSelect, toArticle, type ArticleRow } from '../db/articles.js';
import type { Db } from '../db/db.js';
import { NEWEST_FIRST, type FeedPage } from '../db/feeds.js';

export interface NewestMatchesRequest {
  query: string;
  userId: number | null;
  page: FeedPage;
  /** Also matches articles tagged with this topic (a topic page searching its own name). */
  topic?: string;
}

/**
 * Every full-text match, newest first (/search_for_discover_feed, the topic page's "Discover the
 * best ... blogs"): a weighted tsvector per article (title A, description B, body C, migration
 * 0005) queried with websearch_to_tsquery, so quoted phrases, OR and -word work.
 */
export async function newestMatches(
  db: Db,
  { query, userId, page, topic }: NewestMatchesRequest,
): Promise<Article[]> {
  const matches = topic
    ? '(a.search_vector @@ q.query OR a.topics @> ARRAY[$6::text])'
    : 'a.search_vector @@ q.query';
  const { rows } = await db.query<ArticleRow>(
    `${articleSelect('$1')}
      CROSS JOIN websearch_to_tsquery('english', $2) AS q (query)
      WHERE a.post_id <= $3 AND ${matches}
      ${NEWEST_FIRST}
      LIMIT $4 OFFSET $5`,
    [userId, query, page.snapshot, page.limit, page.offset, ...(topic ? [topic] : [])],
  );
  return rows.map(toArticle);
}

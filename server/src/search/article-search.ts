import type { Article } from '@blogstream/shared/contract';
import { articleSelect, toArticle, type ArticleRow } from '../db/articles.js';
import type { Db } from '../db/db.js';
import { NEWEST_FIRST, type FeedPage } from '../db/feeds.js';

export interface SearchRequest {
  query: string;
  userId: number | null;
  page: FeedPage;
  /**
   * relevance: best match first (/search). newest: every match, newest first
   * (/search_for_discover_feed, the topic page's "Discover the best ... blogs").
   */
  order: 'relevance' | 'newest';
  /** Also matches articles tagged with this topic (a topic page searching its own name). */
  topic?: string;
}

/** Search behind a small interface: full text today, hybrid with vectors later. */
export interface ArticleSearch {
  search(request: SearchRequest): Promise<Article[]>;
}

/**
 * PostgreSQL full-text search: a weighted tsvector per article (title A, description B, body C,
 * see migration 0005) queried with websearch_to_tsquery, so quoted phrases, OR and -word work.
 */
export function fullTextSearch(db: Db): ArticleSearch {
  return {
    async search({ query, userId, page, order, topic }) {
      const matches = topic
        ? '(a.search_vector @@ q.query OR a.topics @> ARRAY[$6::text])'
        : 'a.search_vector @@ q.query';
      const ordering =
        order === 'relevance'
          ? 'ORDER BY ts_rank_cd(a.search_vector, q.query, 1) DESC, a.publishing_date DESC, a.post_id DESC'
          : NEWEST_FIRST;
      const { rows } = await db.query<ArticleRow>(
        `${articleSelect('$1')}
          CROSS JOIN websearch_to_tsquery('english', $2) AS q (query)
          WHERE a.post_id <= $3 AND ${matches}
          ${ordering}
          LIMIT $4 OFFSET $5`,
        [userId, query, page.snapshot, page.limit, page.offset, ...(topic ? [topic] : [])],
      );
      return rows.map(toArticle);
    },
  };
}

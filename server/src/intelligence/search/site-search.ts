import type { Article } from '@blogstream/shared/contract';
import { newestMatches, type FeedPage } from '../../db/feeds.js';
import { rankedSearch, type RankedSearchOptions } from './hybrid-search.js';
import { SEARCH_WAIT_MS } from './index-freshness.js';
import { SEARCH_TUNING } from './search-weights.js';

/**
 * A page of the site's search of `query` (/api/search, and the agents' `search` tool): the hybrid
 * ranking; while the lexical index first loads (a minute at 100,000 articles), which is not
 * waited for, the database's full text, newest first (decision 0024).
 */
export async function searchArticles(
  options: Omit<RankedSearchOptions, 'tuning'>,
  query: string,
  userId: number | null,
  page: FeedPage,
): Promise<Article[]> {
  if (!(await options.lexical.readyWithin(SEARCH_WAIT_MS))) {
    return newestMatches(options.db, { query, userId, page });
  }
  return rankedSearch({ ...options, tuning: SEARCH_TUNING }, query, userId, page);
}

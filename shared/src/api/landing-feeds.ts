import type { FeedFilter } from '@blogstream/shared/contract';
import {
  clientRoutes,
  feedFilterOf,
  feedFilterParams,
  matchRoute,
} from '@blogstream/shared/contract/browser';
import { FEED_PAGE_SIZE } from '@blogstream/shared/lib';
import { feedApi, type FeedCall, type FeedQuery } from './feed-api.js';

/**
 * What a feed page asks for: its call and query data, in pages of the site's size, narrowed by
 * `filter` (left out when it narrows nothing, so the query stays the plain one).
 */
export function feedQuery(
  call: FeedCall,
  queryData: FeedQuery['queryData'] = null,
  filter: FeedFilter = {},
  pageSize = FEED_PAGE_SIZE,
): FeedQuery {
  const narrowed = feedFilterParams(filter) !== '';
  return { call, queryData, pageSize, ...(narrowed ? { filter } : {}) };
}

/** The words of a search page: its `searchQuery` parameter, trimmed (spec §2). */
export function searchQueryOf(searchParams: URLSearchParams): string {
  return searchParams.get('searchQuery')?.trim() ?? '';
}

const patternOf = (name: string) => clientRoutes.find((route) => route.name === name)?.pattern;

function decodedSegment(pathname: string, index: number): string | undefined {
  try {
    return decodeURIComponent(pathname.split('/')[index] ?? '');
  } catch {
    return undefined;
  }
}

/**
 * The feed the page at a URL shows first, for the pages readers arrive at from outside: a search
 * (/search?searchQuery=…) and a topic (/topic/{topic}), with the address's filter. The same
 * query the page's feed makes.
 */
export function landingFeedOf(pathname: string, search: string): FeedQuery | undefined {
  const params = new URLSearchParams(search);
  const filter = feedFilterOf(params);
  const searchPattern = patternOf('search');
  if (searchPattern && matchRoute(searchPattern, pathname)) {
    const words = searchQueryOf(params);
    return words ? feedQuery({ name: 'search' }, words, filter) : undefined;
  }
  const topicPattern = patternOf('topic');
  if (topicPattern && matchRoute(topicPattern, pathname)) {
    const topic = decodedSegment(pathname, 2);
    return topic ? feedQuery({ name: 'searchNewest' }, topic, filter) : undefined;
  }
  return undefined;
}

/**
 * Starts loading the first page of that feed while the page's remote is still loading (the shell
 * calls this as it starts); the page's own query, with the same arguments, then takes the answer
 * instead of asking again once it has mounted.
 */
export function prefetchLandingFeed(
  dispatch: (action: unknown) => unknown,
  { pathname, search }: Pick<Location, 'pathname' | 'search'>,
): void {
  const query = landingFeedOf(pathname, search);
  if (query) dispatch(feedApi.endpoints.feedPages.initiate(query, { subscribe: false }));
}

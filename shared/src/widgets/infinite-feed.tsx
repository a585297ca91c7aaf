import { useEffect, useMemo, useRef } from 'react';
import styled from 'styled-components';
import {
  feedPath,
  feedQuery,
  isNetworkFailure,
  useFeedPagesInfiniteQuery,
  type FeedCall,
  type FeedQuery,
} from '@blogstream/shared/api';
import type { FeedFilter } from '@blogstream/shared/contract';
import { FEED_PAGE_SIZE, messages } from '@blogstream/shared/lib';
import { Loader } from '@blogstream/shared/ui';
import { ArticleCard, ReadingListContext, type PreviewLength } from './article-card.js';
import { HideReadToggle, offersHideRead } from './hide-read-toggle.js';
import { useFeedKeyboard } from './feed-keyboard.js';

const List = styled.ol`
  display: flex;
  flex-direction: column;
  gap: 16px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Footer = styled.p`
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  margin: 24px 0;
`;

/** Infinite scroll starts the next page when 5% of the bottom sentinel is visible (spec §9). */
const SENTINEL_THRESHOLD = 0.05;

export interface InfiniteFeedProps {
  /** The feed call of the endpoint table, e.g. { name: 'sourceFeed', params: { sourceId: 12 } }. */
  call: FeedCall;
  queryData?: FeedQuery['queryData'];
  pageSize?: number;
  previewLength?: PreviewLength;
  /** Show the first article highlighted (more-like-this). */
  highlightFirst?: boolean;
  /** Said under 'Nothing here yet.' when the feed is empty (a search's "try other words"). */
  emptyHint?: string;
  /** Said when the feed could not be reached, the reader being offline (a search's own words). */
  offlineMessage?: string;
  /** What the feed is narrowed to (the page's filter, FilteredFeed). */
  filter?: FeedFilter;
}

/**
 * Every feed of the product: pages through a feed call, appending pages as the reader scrolls,
 * and says whether more is loading, the end is reached, or there is nothing (spec §4, §8).
 */
export function InfiniteFeed({
  call,
  queryData = null,
  pageSize = FEED_PAGE_SIZE,
  previewLength,
  highlightFirst = false,
  emptyHint,
  offlineMessage = messages.feedOffline,
  filter,
}: InfiniteFeedProps) {
  const feed = useFeedPagesInfiniteQuery(feedQuery(call, queryData, filter, pageSize));
  const { fetchNextPage, hasNextPage, isFetching, isError, error } = feed;
  const sentinel = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  useFeedKeyboard(list);
  const pages = feed.data?.pages;
  const articles = useMemo(() => pages?.flat() ?? [], [pages]);
  const readingList = useMemo(() => articles.map((article) => article.post_id), [articles]);

  useEffect(() => {
    // Feed failures are logged only (spec §8); the list keeps what it has.
    if (isError) console.error(`Loading ${feedPath(call)} failed`, error);
  }, [isError, error, call]);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || isFetching || isError) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { threshold: SENTINEL_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetching, isError, fetchNextPage]);

  if (feed.isLoading) return <Loader label="Loading articles" />;
  return (
    <section aria-busy={isFetching}>
      {offersHideRead(call) ? <HideReadToggle /> : null}
      <ReadingListContext.Provider value={readingList}>
        <List ref={list}>
          {articles.map((article, index) => (
            <li key={article.post_id}>
              <ArticleCard
                article={article}
                previewLength={previewLength}
                highlighted={highlightFirst && index === 0}
              />
            </li>
          ))}
        </List>
      </ReadingListContext.Provider>
      <div ref={sentinel} />
      <Footer role="status">
        {isError && !isFetching && isNetworkFailure(error)
          ? offlineMessage
          : articles.length === 0 && !isFetching
            ? messages.feedEmpty
            : hasNextPage || isFetching
              ? messages.feedLoadingMore
              : messages.feedEnd}
      </Footer>
      {emptyHint && articles.length === 0 && !isFetching && !isError ? (
        <Footer>{emptyHint}</Footer>
      ) : null}
    </section>
  );
}

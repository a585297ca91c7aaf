import { useEffect } from 'react';
import styled from 'styled-components';
import type { RssFeedEntry } from '@blogstream/shared/contract';
import { ACCOUNT_TYPE, RSS_COPY_SNACKBAR_DURATION_MS, messages } from '@blogstream/shared/lib';
import { RequireReader, usePageMeta } from '@blogstream/shared/mfe';
import {
  selectUserData,
  snackbarShown,
  useAppDispatch,
  useAppSelector,
} from '@blogstream/shared/store';
import {
  CopyIcon,
  IconButton,
  Loader,
  OpenInNewIcon,
  PageContainer,
  PageTitle,
} from '@blogstream/shared/ui';
import { rssApi } from './rss-api';

const Feeds = styled.ul`
  padding: 0;
  list-style: none;
  li {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 10px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  code {
    flex: 1;
    min-width: 0;
    overflow-wrap: anywhere;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  strong {
    min-width: 160px;
  }
`;

function FeedRow({ feed }: { feed: RssFeedEntry }) {
  const dispatch = useAppDispatch();
  const label = feed.topic ?? feed.name ?? feed.url;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(feed.url);
      dispatch(snackbarShown(messages.rssUrlCopied, { durationMs: RSS_COPY_SNACKBAR_DURATION_MS }));
    } catch (error) {
      console.error('Copying the RSS URL failed', error);
    }
  };
  return (
    <li>
      <strong>{label}</strong>
      <code>{feed.url}</code>
      <IconButton
        as="a"
        href={feed.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Open ${label} feed`}
      >
        <OpenInNewIcon />
      </IconButton>
      <IconButton type="button" aria-label={`Copy ${label} feed URL`} onClick={() => void copy()}>
        <CopyIcon />
      </IconButton>
    </li>
  );
}

function PremiumFeeds() {
  const { data: feeds, isLoading, isError, error } = rssApi.useAvailableFeedsQuery();
  useEffect(() => {
    // RSS fetch failures are logged only (spec §8).
    if (isError) console.error('Loading RSS feeds failed', error);
  }, [isError, error]);
  if (isLoading) return <Loader label="Loading feeds" />;
  if (!feeds?.length) {
    return (
      <section>
        <h2>No Feeds Available</h2>
        <p>No RSS feeds are currently available</p>
      </section>
    );
  }
  return (
    <Feeds aria-label="RSS feeds">
      {feeds.map((feed) => (
        <FeedRow key={feed.url} feed={feed} />
      ))}
    </Feeds>
  );
}

function RssContent() {
  const user = useAppSelector(selectUserData);
  if (user?.account_type !== ACCOUNT_TYPE.PREMIUM) {
    return (
      <p>
        RSS feeds are part of the premium account. With premium, every topic you follow gets its own
        feed for your feed reader, plus one feed with all your topics.
      </p>
    );
  }
  return <PremiumFeeds />;
}

/** RSS feeds of the reader's topics (spec §2), for premium accounts. */
export function RssPage() {
  usePageMeta({ title: 'RSS Feeds' });
  return (
    <PageContainer>
      <PageTitle>RSS Feeds</PageTitle>
      <p>Subscribe to RSS feeds for your topics</p>
      <RequireReader>
        <RssContent />
      </RequireReader>
    </PageContainer>
  );
}

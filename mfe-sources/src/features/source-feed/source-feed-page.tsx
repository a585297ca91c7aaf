import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import type { SourceInfo, SourceInfoRequest } from '@blogstream/shared/contract';
import { messages } from '@blogstream/shared/lib';
import { usePageMeta } from '@blogstream/shared/mfe';
import { selectLoggedIn, useAppSelector } from '@blogstream/shared/store';
import { Loader, PageContainer } from '@blogstream/shared/ui';
import { FollowButton, InfiniteFeed, SourceLinksSection } from '@blogstream/shared/widgets';
import { SourceHealthSection } from './source-health-section';
import { sourceInfoApi } from './source-feed-api';

const Header = styled.header`
  display: flex;
  align-items: center;
  gap: 16px;
  flex-wrap: wrap;
  margin-bottom: 24px;
  img {
    width: 56px;
    height: 56px;
    border-radius: 12px;
  }
  h1 {
    flex: 1;
    margin: 0;
    font-size: 1.5rem;
  }
  small {
    display: block;
    font-size: 0.9rem;
    font-weight: 400;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

function useSourceInfoRequest(): SourceInfoRequest | undefined {
  const { sourceUrlName, sourceId } = useParams();
  if (sourceUrlName) return { sourceUrlName };
  const id = Number(sourceId);
  return Number.isInteger(id) && id > 0 ? { sourceId: id } : undefined;
}

function SourceFeed({ source }: { source: SourceInfo }) {
  const loggedIn = useAppSelector(selectLoggedIn);
  usePageMeta({
    title: source.long_name,
    description: `The latest articles from ${source.long_name}.`,
    image: `${window.location.origin}/static/logos/${source.logo_file}`,
  });
  return (
    <>
      <Header>
        <img src={`/static/logos/${source.logo_file}`} alt="" />
        <h1>
          <small>{loggedIn === true ? 'Posts by' : 'Blog Posts by'}</small>
          {source.long_name}
        </h1>
        <FollowButton
          sourceId={source.source_id}
          following={source.following}
          subscribeLabel="Subscribe"
        />
      </Header>
      <SourceHealthSection sourceUrlName={source.url_name} />
      <InfiniteFeed
        key={source.source_id}
        call={{ name: 'sourceFeed', params: { sourceId: source.source_id } }}
      />
      <SourceLinksSection title="Related engineering blogs" sources={source.related_sources} />
    </>
  );
}

/** One blog's page: who it is, Subscribe, its articles and related blogs (spec §2). */
export function SourceFeedPage() {
  const key = useSourceInfoRequest();
  const { data, isError, isLoading } = sourceInfoApi.useSourceInfoQuery(key ?? { sourceId: 0 }, {
    skip: !key,
  });
  return (
    <PageContainer>
      {isLoading ? <Loader label="Loading source" /> : null}
      {!key || isError ? <p role="alert">{messages.sourceNotFound}</p> : null}
      {data ? <SourceFeed source={data} /> : null}
    </PageContainer>
  );
}

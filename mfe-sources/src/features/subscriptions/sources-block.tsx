import { Link } from 'react-router-dom';
import { useGetRecommendedSourcesQuery, useGetSourcesQuery } from '@blogstream/shared/api';
import { clientPath } from '@blogstream/shared/contract/browser';
import { selectUserData, useAppSelector } from '@blogstream/shared/store';
import { Loader, useIsMobile } from '@blogstream/shared/ui';
import { SourceList } from '@blogstream/shared/widgets';

/**
 * 'Recommended' (2 on mobile, 3 otherwise, with Show more) and, for followers, 'Subscribed'.
 * A heading shows only above a list with sources in it.
 */
export function SourcesBlock() {
  const isMobile = useIsMobile();
  const followsSources = useAppSelector(selectUserData)?.follows_sources === true;
  const recommended = useGetRecommendedSourcesQuery();
  const all = useGetSourcesQuery(undefined, { skip: !followsSources });
  const subscribed = all.data?.filter((source) => source.following) ?? [];
  if (recommended.isLoading || all.isLoading) return <Loader label="Loading sources" />;
  return (
    <>
      {recommended.data?.length ? (
        <section aria-labelledby="recommended-sources">
          <h2 id="recommended-sources">Recommended</h2>
          <SourceList
            key={isMobile ? 'mobile' : 'desktop'}
            label="Recommended"
            sources={recommended.data}
            displayLimit={isMobile ? 2 : 3}
          />
        </section>
      ) : null}
      {subscribed.length ? (
        <section aria-labelledby="subscribed-sources">
          <h2 id="subscribed-sources">Subscribed</h2>
          <SourceList label="Subscribed" sources={subscribed} />
        </section>
      ) : null}
      <p>
        <Link to={clientPath('sourcesHealth')}>Source health</Link>: how each blog is fetched and
        how often it posts.
      </p>
    </>
  );
}

import { useSearchParams } from 'react-router-dom';
import { searchQueryOf } from '@blogstream/shared/api';
import { messages } from '@blogstream/shared/lib';
import { usePageMeta } from '@blogstream/shared/mfe';
import { PageContainer, PageTitle } from '@blogstream/shared/ui';
import { FilteredFeed } from '@blogstream/shared/widgets';

export function SearchPage() {
  const [params] = useSearchParams();
  // The shell asked for this feed's first page already (prefetchLandingFeed), with these words.
  const query = searchQueryOf(params);
  const title = `Search / ${query}`;
  usePageMeta({ title, description: `Engineering articles about ${query}` });
  return (
    <PageContainer>
      <PageTitle>{title}</PageTitle>
      {query ? (
        <FilteredFeed
          call={{ name: 'search' }}
          queryData={query}
          emptyHint={messages.searchEmptyHint}
          offlineMessage={messages.searchOffline}
        />
      ) : null}
    </PageContainer>
  );
}

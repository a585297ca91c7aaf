import { useSearchParams } from 'react-router-dom';
import { searchQueryOf } from '@blogstream/shared/api';
import { messages, readsAsQuestion } from '@blogstream/shared/lib';
import { usePageMeta } from '@blogstream/shared/mfe';
import { PageContainer, PageTitle } from '@blogstream/shared/ui';
import { FilteredFeed } from '@blogstream/shared/widgets';
import { ArchiveAnswer } from './archive-answer';
import { SavedSearchPanel } from './saved-search-panel';

export function SearchPage() {
  const [params] = useSearchParams();
  // The shell asked for this feed's first page already (prefetchLandingFeed), with these words.
  const query = searchQueryOf(params);
  const title = `Search / ${query}`;
  usePageMeta({ title, description: `Engineering articles about ${query}` });
  return (
    <PageContainer>
      <PageTitle>{title}</PageTitle>
      {/* A query that reads as a question is also asked of the archive (docs/decisions/0038). */}
      {query ? <SavedSearchPanel query={query} /> : null}
      {query && readsAsQuestion(query) ? <ArchiveAnswer question={query} /> : null}
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

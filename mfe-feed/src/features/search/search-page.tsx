import { useSearchParams } from 'react-router-dom';
import { searchQueryOf } from '@blogstream/shared/api';
import { messages } from '@blogstream/shared/lib';
import { usePageMeta } from '@blogstream/shared/mfe';
import { PageContainer, PageTitle } from '@blogstream/shared/ui';
import { GenrePills, InfiniteFeed, useGenreFilter } from '@blogstream/shared/widgets';

export function SearchPage() {
  const [params] = useSearchParams();
  // The shell asked for this feed's first page already (prefetchLandingFeed), with these words.
  const query = searchQueryOf(params);
  const [genre, setGenre] = useGenreFilter();
  const title = `Search / ${query}`;
  usePageMeta({ title, description: `Engineering articles about ${query}` });
  return (
    <PageContainer>
      <PageTitle>{title}</PageTitle>
      {query ? (
        <>
          <GenrePills selected={genre} onSelect={setGenre} />
          <InfiniteFeed
            key={`${query}:${genre ?? ''}`}
            call={{ name: 'search' }}
            queryData={query}
            genre={genre}
            emptyHint={messages.searchEmptyHint}
            offlineMessage={messages.searchOffline}
          />
        </>
      ) : null}
    </PageContainer>
  );
}

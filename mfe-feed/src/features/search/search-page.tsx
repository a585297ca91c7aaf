import { useSearchParams } from 'react-router-dom';
import { messages } from '@blogstream/shared/lib';
import { usePageMeta } from '@blogstream/shared/mfe';
import { PageContainer, PageTitle } from '@blogstream/shared/ui';
import { InfiniteFeed } from '@blogstream/shared/widgets';

export function SearchPage() {
  const [params] = useSearchParams();
  const query = params.get('searchQuery')?.trim() ?? '';
  const title = `Search / ${query}`;
  usePageMeta({ title, description: `Engineering articles about ${query}` });
  return (
    <PageContainer>
      <PageTitle>{title}</PageTitle>
      {query ? (
        <InfiniteFeed
          key={query}
          call={{ name: 'search' }}
          queryData={query}
          emptyHint={messages.searchEmptyHint}
        />
      ) : null}
    </PageContainer>
  );
}

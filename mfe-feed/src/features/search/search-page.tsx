import { useSearchParams } from 'react-router-dom';
import { usePageMeta } from '@blogstream/shared/mfe';
import { PageContainer, PageTitle } from '@blogstream/shared/ui';

export function SearchPage() {
  const [params] = useSearchParams();
  const query = params.get('searchQuery') ?? '';
  const title = `Search / ${query}`;
  usePageMeta({ title });
  return (
    <PageContainer>
      <PageTitle>{title}</PageTitle>
    </PageContainer>
  );
}

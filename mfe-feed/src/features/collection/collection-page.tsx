import { usePageMeta } from '@blogstream/shared/mfe';
import { PageContainer, PageTitle } from '@blogstream/shared/ui';

export function CollectionPage() {
  usePageMeta({ title: 'Collection' });
  return (
    <PageContainer>
      <PageTitle>Collection</PageTitle>
    </PageContainer>
  );
}

import { usePageMeta } from '@blogstream/shared/mfe';
import { PageContainer, PageTitle } from '@blogstream/shared/ui';

export function MoreLikeThisPage() {
  usePageMeta({ title: 'More like this' });
  return (
    <PageContainer>
      <PageTitle>More like this</PageTitle>
    </PageContainer>
  );
}

import { usePageMeta } from '@blogstream/shared/mfe';
import { PageContainer, PageTitle } from '@blogstream/shared/ui';

export function BookmarksPage() {
  usePageMeta({ title: 'Bookmarks' });
  return (
    <PageContainer>
      <PageTitle>Bookmarks</PageTitle>
    </PageContainer>
  );
}

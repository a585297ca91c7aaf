import { usePageMeta, RequireReader } from '@blogstream/shared/mfe';
import { PageContainer, PageTitle } from '@blogstream/shared/ui';
import { InfiniteFeed } from '@blogstream/shared/widgets';

export function BookmarksPage() {
  usePageMeta({ title: 'Bookmarks' });
  return (
    <PageContainer>
      <PageTitle>Bookmarks</PageTitle>
      <RequireReader>
        <InfiniteFeed call={{ name: 'bookmarksFeed' }} />
      </RequireReader>
    </PageContainer>
  );
}

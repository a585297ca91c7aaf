import { selectLoggedIn, useAppSelector } from '@blogstream/shared/store';
import { usePageMeta } from '@blogstream/shared/mfe';
import { PageContainer, PageTitle } from '@blogstream/shared/ui';

/** A source's articles; source details and the feed arrive with the content issue. */
export function SourceFeedPage() {
  const loggedIn = useAppSelector(selectLoggedIn);
  usePageMeta({ title: 'Source' });
  return (
    <PageContainer>
      <PageTitle>{loggedIn === true ? 'Posts by' : 'Blog Posts by'}</PageTitle>
    </PageContainer>
  );
}

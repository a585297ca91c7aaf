import { usePageMeta } from '@blogstream/shared/mfe';
import { PageContainer, PageTitle } from '@blogstream/shared/ui';

export function RssPage() {
  usePageMeta({ title: 'RSS Feeds' });
  return (
    <PageContainer>
      <PageTitle>RSS Feeds</PageTitle>
      <p>Subscribe to RSS feeds for your topics</p>
    </PageContainer>
  );
}

import { usePageMeta } from '@blogstream/shared/mfe';
import { PageContainer, PageTitle } from '@blogstream/shared/ui';

export function SettingsPage() {
  usePageMeta({ title: 'Settings' });
  return (
    <PageContainer>
      <PageTitle>Settings</PageTitle>
    </PageContainer>
  );
}

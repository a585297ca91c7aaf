import { usePageMeta } from '@blogstream/shared/mfe';
import { PageContainer, PageTitle } from '@blogstream/shared/ui';

export function ResetPasswordPage() {
  usePageMeta({ title: 'Reset password' });
  return (
    <PageContainer>
      <PageTitle>Reset password</PageTitle>
    </PageContainer>
  );
}

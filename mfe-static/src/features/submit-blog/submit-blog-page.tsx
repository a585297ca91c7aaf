import { usePageMeta } from '@blogstream/shared/mfe';
import { PageContainer, PageTitle } from '@blogstream/shared/ui';

/** Blog submission; the form arrives with the submission API (issue 8). */
export function SubmitBlogPage() {
  usePageMeta({ title: 'Submit blog' });
  return (
    <PageContainer>
      <PageTitle>Submit blog</PageTitle>
      <p>
        Submissions are reviewed manually, which may take a couple of days; we will tell you by
        e-mail whether your blog was added.
      </p>
    </PageContainer>
  );
}

import { SITE_NAME } from '@blogstream/shared/lib';
import { usePageMeta } from '@blogstream/shared/mfe';
import { PageContainer, PageTitle } from '@blogstream/shared/ui';

/** The product's own blog area (no drawer on /blog paths). */
export function BlogPage() {
  usePageMeta({ title: 'Blog' });
  return (
    <PageContainer>
      <PageTitle>The {SITE_NAME} blog</PageTitle>
      <p>News about {SITE_NAME}: new features, new sources and how we build it.</p>
    </PageContainer>
  );
}

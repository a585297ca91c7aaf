import { useParams } from 'react-router-dom';
import { usePageMeta } from '@blogstream/shared/mfe';
import { PageContainer, PageTitle } from '@blogstream/shared/ui';

export function TopicPage() {
  const topic = useParams().topic ?? '';
  usePageMeta({ title: `${topic} Blogs` });
  return (
    <PageContainer>
      <PageTitle>Topics / {topic}</PageTitle>
      <h2>Discover the best {topic} blogs</h2>
    </PageContainer>
  );
}

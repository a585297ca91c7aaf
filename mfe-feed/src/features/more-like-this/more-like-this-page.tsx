import { useSearchParams } from 'react-router-dom';
import { MORE_LIKE_THIS_PAGE_SIZE } from '@blogstream/shared/lib';
import { usePageMeta } from '@blogstream/shared/mfe';
import { PageContainer, PageTitle } from '@blogstream/shared/ui';
import { InfiniteFeed } from '@blogstream/shared/widgets';

/** The article itself first, highlighted, then the articles most like it (13 a page). */
export function MoreLikeThisPage() {
  usePageMeta({ title: 'More like this' });
  const articleId = Number(useSearchParams()[0].get('articleId'));
  const valid = Number.isInteger(articleId) && articleId > 0;
  return (
    <PageContainer>
      <PageTitle>More like this</PageTitle>
      {valid ? (
        <InfiniteFeed
          key={articleId}
          call={{ name: 'moreLikeThis' }}
          queryData={articleId}
          pageSize={MORE_LIKE_THIS_PAGE_SIZE}
          highlightFirst
        />
      ) : (
        <p>Nothing here yet.</p>
      )}
    </PageContainer>
  );
}

import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { clientPath } from '@blogstream/shared/contract/browser';
import { ArticleCard } from '@blogstream/shared/widgets';
import { SparkleIcon } from '@blogstream/shared/ui';
import { demoApi } from './landing-api';

const Demo = styled.section`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(300px, 1fr));
  gap: 24px;
  margin: 40px 0;
  h3 {
    margin: 0 0 8px;
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** A live AI-summary card and a 'find similar' card, fed by real articles. */
export function LandingDemo() {
  const { data: articles } = demoApi.useDigDeeperArticlesQuery();
  const [summaryDemo, similarDemo] = articles ?? [];
  if (!summaryDemo) return null;
  return (
    <Demo aria-label="Try it">
      <div>
        <h3>AI summaries</h3>
        <p>
          Press <SparkleIcon /> on any card for its key points and concepts.
        </p>
        <ArticleCard article={summaryDemo} previewLength={{ desktop: 140, mobile: 90 }} />
      </div>
      {similarDemo ? (
        <div>
          <h3>Find similar</h3>
          <p>
            Liked an article?{' '}
            <Link to={clientPath('moreLikeThis', { articleId: similarDemo.post_id })}>
              Find similar ones
            </Link>{' '}
            by meaning, not by keywords.
          </p>
          <ArticleCard article={similarDemo} previewLength={{ desktop: 140, mobile: 90 }} />
        </div>
      ) : null}
    </Demo>
  );
}

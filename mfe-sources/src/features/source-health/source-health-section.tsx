import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { clientPath } from '@blogstream/shared/contract/browser';
import { sourceHealthApi } from './source-health-api';
import { FeedLink, postingFrequency, StatusBadge, When } from './health-parts';

const Section = styled.section`
  margin: 0 0 24px;
  padding: 12px 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium}px;
  h2 {
    margin: 0 0 12px;
    font-size: ${({ theme }) => theme.font.size.large};
  }
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 6px 16px;
    margin: 0 0 12px;
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/**
 * One source's health on its page (docs/CONTENT.md "Source health"): status with the last error,
 * last successful fetch, posting frequency, articles of the last 90 days and the feed URL, and a
 * link to every source's health. Renders nothing while loading or when it cannot be loaded.
 */
export function SourceHealthSection({ sourceUrlName }: { sourceUrlName: string }) {
  const { data } = sourceHealthApi.useSourceHealthQuery(sourceUrlName);
  if (!data) return null;
  return (
    <Section aria-labelledby="source-health">
      <h2 id="source-health">Source health</h2>
      <dl>
        <dt>Status</dt>
        <dd>
          <StatusBadge status={data.status} />
          {data.last_error ? (
            <>
              {' '}
              Last error: <code>{data.last_error.code}</code> {data.last_error.message}
            </>
          ) : null}
        </dd>
        <dt>Last successful fetch</dt>
        <dd>
          <When iso={data.last_success_at} />
        </dd>
        <dt>Posting frequency</dt>
        <dd>{postingFrequency(data)}</dd>
        <dt>Articles in the last 90 days</dt>
        <dd>{data.articles_last_90_days}</dd>
        <dt>Feed URL</dt>
        <dd>
          <FeedLink url={data.feed_url} />
        </dd>
      </dl>
      <Link to={clientPath('sourcesHealth')}>Health of all sources</Link>
    </Section>
  );
}

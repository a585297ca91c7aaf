import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { clientPath } from '@blogstream/shared/contract/browser';
import { media } from '@blogstream/shared/ui';
import { sourceHealthApi } from '../../common/source-health-api';
import { FeedLink, postingFrequency, StatusBadge, When } from '../../common/health-parts';

const Section = styled.section`
  margin: 0 0 24px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium}px;
  summary {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 8px 16px;
    cursor: pointer;
    font-weight: 600;
    /* A flex summary loses the browser's marker: draw it (no text for screen readers). */
    &::before {
      content: '▸' / '';
    }
  }
  details[open] > summary::before {
    content: '▾' / '';
  }
  dl {
    display: grid;
    grid-template-columns: max-content minmax(0, 1fr);
    gap: 6px 16px;
    margin: 4px 16px 12px;
    ${media.mobile} {
      grid-template-columns: minmax(0, 1fr);
      gap: 2px;
    }
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    ${media.mobile} {
      margin-bottom: 8px;
    }
  }
  /* One line: the whole address is in the link's title. */
  dd a {
    display: block;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  details > a {
    display: inline-block;
    margin: 0 16px 12px;
  }
`;

/**
 * One source's health on its page (docs/CONTENT.md "Source health"), closed under a one-line
 * summary with the status, so the articles lead the page: opened, the last error, last successful
 * fetch, posting frequency, articles of the last 90 days and the feed URL, and a link to every
 * source's health. Renders nothing while loading or when it cannot be loaded.
 */
export function SourceHealthSection({ sourceUrlName }: { sourceUrlName: string }) {
  const { data } = sourceHealthApi.useSourceHealthQuery(sourceUrlName);
  if (!data) return null;
  return (
    <Section aria-labelledby="source-health">
      <details>
        <summary>
          <span id="source-health">Source health</span>
          <StatusBadge status={data.status} />
        </summary>
        <dl>
          {data.last_error ? (
            <>
              <dt>Last error</dt>
              <dd>
                <code>{data.last_error.code}</code> {data.last_error.message}
              </dd>
            </>
          ) : null}
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
      </details>
    </Section>
  );
}

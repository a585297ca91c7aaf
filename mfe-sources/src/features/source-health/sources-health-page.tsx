import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useSiteName } from '@blogstream/shared/api';
import type { SourceHealthStatus } from '@blogstream/shared/contract';
import { clientPath } from '@blogstream/shared/contract/browser';
import { usePageMeta } from '@blogstream/shared/mfe';
import { Loader, media, PageContainer, PageTitle, PillChoice } from '@blogstream/shared/ui';
import { sourceHealthApi } from '../../common/source-health-api';
import {
  FeedLink,
  postingFrequency,
  STATUS_LABELS,
  StatusBadge,
  When,
} from '../../common/health-parts';

const STATUSES: SourceHealthStatus[] = ['ok', 'failing', 'dead', 'pending'];
/** The columns after the source's name; on a phone each value is labelled with its column. */
const COLUMNS = [
  'Status',
  'Last successful fetch',
  'Posting frequency',
  'Articles (90 days)',
  'Feed URL',
] as const;

/** The status filter wraps onto more lines rather than scrolling sideways. */
const Filters = styled(PillChoice<SourceHealthStatus | 'all'>)`
  flex-wrap: wrap;
  margin: 16px 0;
  padding-bottom: 0;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.small};
  th,
  td {
    text-align: left;
    vertical-align: top;
    padding: 8px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  td:last-child {
    overflow-wrap: anywhere;
  }
  /* A phone has no room for six columns: each source is a block of labelled lines. */
  ${media.mobile} {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
    tr {
      display: block;
      padding: 8px 0;
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }
    th,
    td {
      display: block;
      padding: 2px 0;
      border: 0;
    }
    td::before {
      content: attr(data-label) ': ';
      color: ${({ theme }) => theme.colors.textMuted};
    }
    td > div {
      display: inline;
      margin-left: 8px;
    }
  }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * Every crawled source's health (docs/CONTENT.md "Source health"): how many are ok, failing,
 * dead or not fetched yet, a filter by status, and a row per source linking to its page.
 */
export function SourcesHealthPage() {
  const siteName = useSiteName();
  usePageMeta({
    title: 'Source health',
    description: `Which blogs ${siteName} fetches well, which fail, and how often each posts.`,
  });
  const { data, isLoading, isError } = sourceHealthApi.useSourcesHealthQuery();
  const [shown, setShown] = useState<SourceHealthStatus | 'all'>('all');
  const rows = data?.sources.filter((source) => shown === 'all' || source.status === shown) ?? [];
  return (
    <PageContainer>
      <PageTitle>Source health</PageTitle>
      {isLoading ? <Loader label="Loading source health" /> : null}
      {isError ? <p role="alert">Source health could not be loaded.</p> : null}
      {data ? (
        <>
          <Muted>
            How the crawler fares with each blog: a source whose every fetch failed for{' '}
            {data.dead_after_days} days is dead and no longer recommended. Posting frequency and
            article counts cover the last 90 days.
          </Muted>
          <Filters
            label="Show sources"
            choices={[
              { value: 'all', label: `All (${data.sources.length})` },
              ...STATUSES.map((status) => ({
                value: status,
                label: `${STATUS_LABELS[status]} (${data.totals[status]})`,
              })),
            ]}
            selected={shown}
            onSelect={setShown}
          />
          <Table aria-label="Health of each source">
            <thead>
              <tr>
                <th scope="col">Source</th>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((source) => (
                <tr key={source.url_name}>
                  <th scope="row">
                    <Link to={clientPath('sourceByUrlName', { sourceUrlName: source.url_name })}>
                      {source.long_name}
                    </Link>
                  </th>
                  <td data-label={COLUMNS[0]}>
                    <StatusBadge status={source.status} />
                    {source.last_error ? (
                      <div title={source.last_error.message}>{source.last_error.code}</div>
                    ) : null}
                  </td>
                  <td data-label={COLUMNS[1]}>
                    <When iso={source.last_success_at} />
                  </td>
                  <td data-label={COLUMNS[2]}>{postingFrequency(source)}</td>
                  <td data-label={COLUMNS[3]}>{source.articles_last_90_days}</td>
                  <td data-label={COLUMNS[4]}>
                    <FeedLink url={source.feed_url} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      ) : null}
    </PageContainer>
  );
}

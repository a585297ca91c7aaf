import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { clientPath, endpointPath, MAX_HIGHLIGHTS_PAGE } from '@blogstream/shared/contract/browser';
import { RequireReader, usePageMeta } from '@blogstream/shared/mfe';
import { Button, Loader, PageContainer, PageTitle, TextField } from '@blogstream/shared/ui';
import { HighlightItem } from './highlight-item';
import { useGetHighlightsQuery } from './reader-api';

const List = styled.ul`
  padding: 0;
  margin: 0 0 16px;
`;

const Exports = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
`;

const ArticleName = styled.p`
  margin: 0 0 6px;
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme }) => theme.colors.textMuted};
  a {
    font-weight: 600;
    color: ${({ theme }) => theme.colors.text};
  }
`;

function Highlights() {
  const [query, setQuery] = useState('');
  const [offset, setOffset] = useState(0);
  const { data, isFetching } = useGetHighlightsQuery({
    query,
    offset,
    limit: MAX_HIGHLIGHTS_PAGE,
  });
  const found = data ?? [];
  return (
    <>
      <Exports>
        <a href={endpointPath('exportHighlightsZip')} download>
          Export all as Markdown (zip)
        </a>
        <a href={endpointPath('exportHighlightsCsv')} download>
          Export for Readwise (CSV)
        </a>
      </Exports>
      <TextField
        label="Find in highlights, notes and titles"
        type="search"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOffset(0);
        }}
      />
      {isFetching && !data ? <Loader /> : null}
      {data && found.length === 0 ? (
        <p>
          {query
            ? 'No highlight, note or title holds these words.'
            : 'No highlights yet: open an article with Read here, select a passage and highlight it.'}
        </p>
      ) : null}
      <List>
        {found.map((highlight) => (
          <HighlightItem
            key={highlight.highlight_id}
            highlight={highlight}
            heading={
              <ArticleName>
                <Link to={clientPath('reader', { articleId: highlight.post_id })}>
                  {highlight.article.title}
                </Link>{' '}
                · {highlight.article.source_name}
              </ArticleName>
            }
          />
        ))}
      </List>
      {offset > 0 ? (
        <Button
          type="button"
          $variant="text"
          onClick={() => setOffset(offset - MAX_HIGHLIGHTS_PAGE)}
        >
          Newer highlights
        </Button>
      ) : null}
      {found.length === MAX_HIGHLIGHTS_PAGE ? (
        <Button
          type="button"
          $variant="text"
          onClick={() => setOffset(offset + MAX_HIGHLIGHTS_PAGE)}
        >
          Older highlights
        </Button>
      ) : null}
    </>
  );
}

/** The reader's highlights across articles, newest first, searchable (docs/decisions/0037). */
export function HighlightsPage() {
  usePageMeta({ title: 'Highlights' });
  return (
    <PageContainer>
      <PageTitle>Highlights</PageTitle>
      <RequireReader>
        <Highlights />
      </RequireReader>
    </PageContainer>
  );
}

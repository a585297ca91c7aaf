import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Source } from '@blogstream/shared/contract';
import { Button } from '@blogstream/shared/ui';
import { FollowButton } from './follow-button.js';

const Cards = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  gap: 12px;
  padding: 0;
  margin: 0 0 12px;
  list-style: none;
`;

const Card = styled.li`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium}px;
  img {
    width: 40px;
    height: 40px;
    border-radius: 8px;
    flex: none;
  }
  a {
    flex: 1;
    min-width: 0;
    font-weight: 600;
    text-decoration: none;
    overflow-wrap: anywhere;
  }
`;

export interface SourceListProps {
  sources: Source[];
  /** Show this many at first and as many more per 'Show more'; all when unset. */
  displayLimit?: number;
  label: string;
}

/** Source cards with Subscribe buttons (spec §2 "Source list"). */
export function SourceList({ sources, displayLimit, label }: SourceListProps) {
  const [shown, setShown] = useState(displayLimit ?? sources.length);
  const visible = displayLimit === undefined ? sources : sources.slice(0, shown);
  return (
    <>
      <Cards aria-label={label}>
        {visible.map((source) => (
          <Card key={source.source_id}>
            <img src={`/static/logos/${source.logo_file}`} alt="" loading="lazy" />
            <Link to={`/source-feed/${source.source_id}`}>{source.name}</Link>
            <FollowButton sourceId={source.source_id} following={source.following} />
          </Card>
        ))}
      </Cards>
      {displayLimit !== undefined && shown < sources.length ? (
        <Button
          type="button"
          $variant="text"
          onClick={() => setShown((count) => count + displayLimit)}
        >
          Show more
        </Button>
      ) : null}
    </>
  );
}

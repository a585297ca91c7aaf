import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Source } from '@blogstream/shared/contract';
import { clientPath } from '@blogstream/shared/contract/browser';
import { Button, TileName } from '@blogstream/shared/ui';
import { FollowButton } from './follow-button.js';

const Cards = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  gap: 12px;
  padding: 0;
  margin: 0 0 12px;
  list-style: none;
`;

/**
 * Logo beside the name, Subscribe under the name: the name gets the card's whole width, so at
 * any width it wraps between words rather than being squeezed beside the button.
 */
const Card = styled.li`
  display: grid;
  grid-template-columns: 40px minmax(0, 1fr);
  grid-template-areas:
    'logo name'
    'logo action';
  align-content: start;
  align-items: center;
  gap: 8px 12px;
  padding: 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium}px;
  img {
    grid-area: logo;
    align-self: start;
    width: 40px;
    height: 40px;
    border-radius: 8px;
  }
  a {
    grid-area: name;
    font-weight: 600;
    text-decoration: none;
  }
`;

const Action = styled.div`
  grid-area: action;
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
            <Link to={clientPath('sourceById', { sourceId: source.source_id })}>
              <TileName>{source.name}</TileName>
            </Link>
            <Action>
              <FollowButton sourceId={source.source_id} following={source.following} />
            </Action>
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

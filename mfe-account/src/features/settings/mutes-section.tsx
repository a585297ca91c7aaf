import { useId } from 'react';
import styled from 'styled-components';
import { useGetFeedFiltersQuery, useRemoveMuteMutation } from '@blogstream/shared/api';
import type { Mute, MuteKind } from '@blogstream/shared/contract';
import { messages } from '@blogstream/shared/lib';
import { snackbarShown, useAppDispatch } from '@blogstream/shared/store';
import { Button, Loader } from '@blogstream/shared/ui';

const Section = styled.section`
  margin-top: 32px;
  h2 {
    font-size: ${({ theme }) => theme.font.size.large};
    margin: 0 0 8px;
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    padding: 4px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const KIND_LABELS: Record<MuteKind, string> = {
  source: 'Source',
  topic: 'Topic',
  keyword: 'Keyword',
};

function MuteRow({ mute }: { mute: Mute }) {
  const dispatch = useAppDispatch();
  const [remove, removal] = useRemoveMuteMutation();
  const name = `${KIND_LABELS[mute.kind]}: ${mute.label}`;
  return (
    <li>
      <span>{name}</span>
      <Button
        type="button"
        $variant="text"
        aria-label={`Unmute ${name}`}
        disabled={removal.isLoading}
        onClick={async () => {
          const result = await remove({ kind: mute.kind, value: mute.value });
          dispatch(
            'error' in result
              ? snackbarShown(messages.genericError, { severity: 'error' })
              : snackbarShown(`Unmuted ${mute.label}.`),
          );
        }}
      >
        Unmute
      </Button>
    </li>
  );
}

/** The reader's mutes (decision 0022), each removable; they are added from an article's menu. */
export function MutesSection() {
  const headingId = useId();
  const { data, isError } = useGetFeedFiltersQuery();
  return (
    <Section aria-labelledby={headingId}>
      <h2 id={headingId}>Muted</h2>
      <p>
        Muted sources, topics and keywords never appear in your feeds, searches, RSS feeds or
        digest. Mute one from the “More actions” menu of an article.
      </p>
      {isError ? (
        <p>{messages.genericError}</p>
      ) : !data ? (
        <Loader label="Loading mutes" />
      ) : data.mutes.length === 0 ? (
        <p>Nothing is muted.</p>
      ) : (
        <List>
          {data.mutes.map((mute) => (
            <MuteRow key={`${mute.kind}:${mute.value}`} mute={mute} />
          ))}
        </List>
      )}
    </Section>
  );
}

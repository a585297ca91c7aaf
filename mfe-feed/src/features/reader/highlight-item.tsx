import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { Highlight } from '@blogstream/shared/contract';
import { HIGHLIGHT_NOTE_MAX_CHARS } from '@blogstream/shared/contract/browser';
import { Button } from '@blogstream/shared/ui';
import { useDeleteHighlightMutation, useSaveHighlightNoteMutation } from './reader-api';

const Item = styled.li`
  padding: 12px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  list-style: none;
`;

const Quote = styled.blockquote`
  margin: 0 0 6px;
  padding-left: 12px;
  border-left: 3px solid ${({ theme }) => theme.colors.accent};
  white-space: pre-line;
`;

const Orphaned = styled.p`
  margin: 0 0 6px;
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Note = styled.p`
  margin: 0 0 6px;
  white-space: pre-line;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
`;

export const NoteField = styled.textarea`
  display: block;
  width: 100%;
  min-height: 5rem;
  margin: 4px 0 8px;
  padding: 8px 10px;
  font: inherit;
  color: inherit;
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small}px;
`;

/** A labelled note field with Save and Cancel. */
export function NoteForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave: (note: string) => void;
  onCancel: () => void;
}) {
  const fieldId = useId();
  const [note, setNote] = useState(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave(note);
      }}
    >
      <label htmlFor={fieldId}>Note</label>
      <NoteField
        id={fieldId}
        value={note}
        maxLength={HIGHLIGHT_NOTE_MAX_CHARS}
        autoFocus
        onChange={(event) => setNote(event.target.value)}
      />
      <Actions>
        <Button type="submit">Save note</Button>
        <Button type="button" $variant="text" onClick={onCancel}>
          Cancel
        </Button>
      </Actions>
    </form>
  );
}

/**
 * One highlight: its quote (or that it can no longer be placed), its note, and the reader's
 * actions. Beside its article the quote leads to the passage; where highlights of many articles
 * are listed, `heading` names the article instead.
 */
export function HighlightItem({
  highlight,
  heading,
}: {
  highlight: Highlight;
  heading?: ReactNode;
}) {
  const linkToPassage = heading === undefined && highlight.placement !== null;
  const [editing, setEditing] = useState(false);
  const [saveNote] = useSaveHighlightNoteMutation();
  const [deleteHighlight, deleting] = useDeleteHighlightMutation();
  const { highlight_id: highlightId } = highlight;
  return (
    <Item>
      {heading}
      {highlight.placement === null ? (
        <Orphaned>
          Orphaned: this passage is no longer in the article&apos;s text. It is kept here.
        </Orphaned>
      ) : null}
      <Quote>
        {linkToPassage ? (
          <a href={`#highlight-${highlightId}`}>{highlight.selector.quote.exact}</a>
        ) : (
          highlight.selector.quote.exact
        )}
      </Quote>
      {editing ? (
        <NoteForm
          initial={highlight.note}
          onCancel={() => setEditing(false)}
          onSave={(note) => {
            setEditing(false);
            void saveNote({ highlightId, note });
          }}
        />
      ) : (
        <>
          {highlight.note ? <Note>{highlight.note}</Note> : null}
          <Actions>
            <Button type="button" $variant="text" onClick={() => setEditing(true)}>
              {highlight.note ? 'Edit note' : 'Add note'}
            </Button>
            <Button
              type="button"
              $variant="text"
              disabled={deleting.isLoading}
              onClick={() => void deleteHighlight(highlightId)}
            >
              Delete
            </Button>
          </Actions>
        </>
      )}
    </Item>
  );
}

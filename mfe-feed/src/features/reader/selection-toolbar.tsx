import styled from 'styled-components';
import { BottomBar, Button, HighlightIcon } from '@blogstream/shared/ui';
import { NoteForm } from './highlight-item';

/** Fixed at the bottom of the screen, where no phone's own selection menu covers it. */
const Bar = styled(BottomBar)`
  z-index: 10;
  width: min(480px, calc(100vw - 32px));
  padding: 8px 12px;
`;

const Buttons = styled.div`
  display: flex;
  gap: 8px;
`;

/**
 * What a reader does with the passage they selected: highlight it, or write a note and highlight
 * it with the note. The buttons keep the selection (no focus change on press); while the note is
 * written the page keeps the passage, since the note field takes the selection.
 */
export function SelectionToolbar({
  writing,
  onWrite,
  onCancel,
  onHighlight,
}: {
  writing: boolean;
  onWrite: () => void;
  onCancel: () => void;
  onHighlight: (note: string) => void;
}) {
  const keepSelection = (event: React.MouseEvent) => event.preventDefault();
  return (
    <Bar role="toolbar" aria-label="Selected passage">
      {writing ? (
        <NoteForm initial="" onCancel={onCancel} onSave={onHighlight} />
      ) : (
        <Buttons>
          <Button type="button" onMouseDown={keepSelection} onClick={() => onHighlight('')}>
            <HighlightIcon /> Highlight
          </Button>
          <Button type="button" $variant="outlined" onMouseDown={keepSelection} onClick={onWrite}>
            Add note
          </Button>
        </Buttons>
      )}
    </Bar>
  );
}

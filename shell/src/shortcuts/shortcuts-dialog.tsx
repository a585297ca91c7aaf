import { Fragment } from 'react';
import styled from 'styled-components';
import { Dialog, KEYBOARD_SHORTCUTS, theme } from '@blogstream/shared/ui';

const List = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 8px 16px;
  margin: 0;
  dd {
    margin: 0;
  }
`;

const Key = styled.kbd`
  display: inline-block;
  min-width: 28px;
  padding: 2px 8px;
  text-align: center;
  font-family: inherit;
  font-weight: 600;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small}px;
  background: ${({ theme }) => theme.colors.surface};
`;

/** The list of keyboard shortcuts, opened with '?'. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}
      title="Keyboard shortcuts"
      maxWidth={theme.dialogWidths.wide}
    >
      <List>
        {KEYBOARD_SHORTCUTS.map(({ key, action }) => (
          <Fragment key={key}>
            <dt>
              <Key>{key}</Key>
            </dt>
            <dd>{action}</dd>
          </Fragment>
        ))}
      </List>
    </Dialog>
  );
}

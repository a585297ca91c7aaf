import type { ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import styled from 'styled-components';
import { CloseIcon } from './icons.js';
import { theme } from './theme.js';

const Overlay = styled(RadixDialog.Overlay)`
  position: fixed;
  inset: 0;
  background: ${({ theme }) => theme.colors.overlay};
  z-index: 1300;
`;

const Content = styled(RadixDialog.Content)<{ $maxWidth: number }>`
  position: fixed;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  width: calc(100vw - 32px);
  max-width: ${({ $maxWidth }) => $maxWidth}px;
  max-height: calc(100vh - 64px);
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.background};
  border-radius: ${({ theme }) => theme.radius.medium}px;
  box-shadow: ${({ theme }) => theme.shadow.overlay};
  padding: 24px;
  z-index: 1301;
`;

const Title = styled(RadixDialog.Title)`
  margin: 0 32px 16px 0;
  font-size: ${({ theme }) => theme.font.size.large};
`;

const CloseButton = styled(RadixDialog.Close)`
  position: absolute;
  top: 12px;
  right: 12px;
  width: 36px;
  height: 36px;
  border: 0;
  border-radius: 50%;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  background: transparent;
  color: inherit;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.hover};
  }
`;

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Spec §9: 600 for login and topics dialogs, 290 for the collection dialogs. */
  maxWidth: number;
  /** When false the dialog cannot be dismissed (no close button, Escape and outside clicks ignored). */
  dismissible?: boolean;
  description?: ReactNode;
  children: ReactNode;
}

/** A modal dialog with a focus trap, Escape handling and labelling from Radix. */
export function Dialog({
  open,
  onOpenChange,
  title,
  maxWidth,
  dismissible = true,
  description,
  children,
}: DialogProps) {
  const preventWhenLocked = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <Overlay />
        <Content
          $maxWidth={maxWidth}
          onEscapeKeyDown={preventWhenLocked}
          onPointerDownOutside={preventWhenLocked}
          onInteractOutside={preventWhenLocked}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <Title>{title}</Title>
          {description ? <RadixDialog.Description>{description}</RadixDialog.Description> : null}
          {children}
          {dismissible ? (
            <CloseButton aria-label="Close dialog">
              <CloseIcon />
            </CloseButton>
          ) : null}
        </Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export interface NarrowDialogProps extends Pick<DialogProps, 'title' | 'dismissible' | 'children'> {
  /** Called when the reader dismisses it; the dialog shows for as long as it is rendered. */
  onClose: () => void;
}

/** The collection dialogs' shape (spec §9: 290 wide), shown while rendered. */
export function NarrowDialog({ onClose, ...props }: NarrowDialogProps) {
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      maxWidth={theme.dialogWidths.narrow}
      {...props}
    />
  );
}

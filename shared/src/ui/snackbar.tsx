import { Toast } from 'radix-ui';
import styled from 'styled-components';
import type { SnackbarSeverity } from '@blogstream/shared/store';

const Viewport = styled(Toast.Viewport)`
  position: fixed;
  bottom: 24px;
  left: 50%;
  transform: translateX(-50%);
  margin: 0;
  padding: 0;
  list-style: none;
  z-index: 1500;
`;

const Root = styled(Toast.Root)<{ $severity: SnackbarSeverity }>`
  min-width: 288px;
  padding: 14px 20px;
  border-radius: ${({ theme }) => theme.radius.small}px;
  box-shadow: ${({ theme }) => theme.shadow.overlay};
  color: ${({ theme, $severity }) => ($severity === 'info' ? '#fff' : theme.colors.onAccent)};
  background: ${({ theme, $severity }) =>
    $severity === 'error'
      ? theme.colors.error
      : $severity === 'success'
        ? theme.colors.success
        : '#323232'};
`;

export interface SnackbarProps {
  message: string;
  severity: SnackbarSeverity;
  durationMs: number;
  onClose: () => void;
}

/** A short message at the bottom of the screen, announced politely to screen readers. */
export function SnackbarMessage({ message, severity, durationMs, onClose }: SnackbarProps) {
  return (
    <Toast.Provider duration={durationMs}>
      <Root
        $severity={severity}
        open
        duration={durationMs}
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
      >
        <Toast.Description>{message}</Toast.Description>
      </Root>
      <Viewport />
    </Toast.Provider>
  );
}

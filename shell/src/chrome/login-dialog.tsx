import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { SITE_NAME } from '@blogstream/shared/lib';
import {
  loginDialogClosed,
  selectShowLoginToggle,
  useAppDispatch,
  useAppSelector,
} from '@blogstream/shared/store';
import { Button, Dialog, theme } from '@blogstream/shared/ui';

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  margin-top: 8px;
`;

/** The login dialog (spec §2). This first version offers the start mode's choices. */
export function LoginDialog() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectShowLoginToggle);
  const { pathname } = useLocation();
  const close = () => dispatch(loginDialogClosed());
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={`Sign in to ${SITE_NAME}`}
      maxWidth={theme.dialogWidths.wide}
    >
      <Actions>
        <Button type="button">Sign in with email</Button>
        <Button type="button" $variant="text">
          New to {SITE_NAME}? Sign up here
        </Button>
        {pathname !== '/' ? (
          <Link to="/" onClick={close}>
            What is {SITE_NAME}?
          </Link>
        ) : null}
      </Actions>
    </Dialog>
  );
}

import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSiteName } from '@blogstream/shared/api';
import { messages } from '@blogstream/shared/lib';
import {
  loginDialogClosed,
  selectShowLoginToggle,
  useAppDispatch,
  useAppSelector,
} from '@blogstream/shared/store';
import { Button, Dialog, theme } from '@blogstream/shared/ui';
import { ForgotPasswordForm } from './forgot-password-form';
import { Hint, LinkButton, Stack } from './form-parts';
import { GoogleButton } from './google-button';
import type { ChangeMode, LoginMode } from './login-modes';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

function titleOf(mode: LoginMode, siteName: string): string {
  switch (mode) {
    case 'start':
      return `Sign in to ${siteName}`;
    case 'signUpMenu':
      return `Sign up for ${siteName}`;
    case 'signInWithEmail':
      return 'Sign in with email';
    case 'forgotPassword':
    case 'forgotPasswordSuccess':
      return 'Recover your password';
    case 'signUpWithEmail':
    case 'signUpWithEmailSuccess':
      return 'Sign up with email';
  }
}

function ModeBody({
  mode,
  onModeChange,
  onClose,
}: {
  mode: LoginMode;
  onModeChange: ChangeMode;
  onClose: () => void;
}) {
  const siteName = useSiteName();
  const { pathname } = useLocation();
  switch (mode) {
    case 'start':
      return (
        <Stack>
          <GoogleButton purpose="signin_with" />
          <Button type="button" onClick={() => onModeChange('signInWithEmail')}>
            Sign in with email
          </Button>
          <LinkButton onClick={() => onModeChange('signUpMenu')}>
            New to {siteName}? Sign up here
          </LinkButton>
          {pathname !== '/' ? (
            <Link to="/" onClick={onClose}>
              What is {siteName}?
            </Link>
          ) : null}
        </Stack>
      );
    case 'signUpMenu':
      return (
        <Stack>
          <GoogleButton purpose="signup_with" />
          <Button type="button" onClick={() => onModeChange('signUpWithEmail')}>
            Sign up with email
          </Button>
          <LinkButton onClick={() => onModeChange('start')}>
            Already have an account? Sign in
          </LinkButton>
        </Stack>
      );
    case 'signInWithEmail':
      return <SignInForm onModeChange={onModeChange} />;
    case 'forgotPassword':
      return <ForgotPasswordForm onModeChange={onModeChange} />;
    case 'forgotPasswordSuccess':
      return <Hint>{messages.forgotPasswordSuccess}</Hint>;
    case 'signUpWithEmail':
      return <SignUpForm onModeChange={onModeChange} />;
    case 'signUpWithEmailSuccess':
      return (
        <Stack>
          <p>{messages.signUpSuccess}</p>
          <p>{messages.signUpNextStep}</p>
          <LinkButton onClick={onClose}>Close</LinkButton>
        </Stack>
      );
  }
}

/** The modes that offer Back to start (spec §2: all but start and signUpMenu). */
function hasBackLink(mode: LoginMode): boolean {
  return mode !== 'start' && mode !== 'signUpMenu';
}

/** The login dialog of spec §2 and §4, opened by ui/loginDialogRequested from any package. */
export function LoginDialog() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectShowLoginToggle);
  const siteName = useSiteName();
  const [mode, setMode] = useState<LoginMode>('start');
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    // Each opening starts again at start (spec §4).
    setWasOpen(open);
    if (open) setMode('start');
  }
  const close = () => dispatch(loginDialogClosed());
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={titleOf(mode, siteName)}
      maxWidth={theme.dialogWidths.wide}
    >
      <ModeBody mode={mode} onModeChange={setMode} onClose={close} />
      {hasBackLink(mode) ? (
        <p>
          <LinkButton onClick={() => setMode('start')}>Back</LinkButton>
        </p>
      ) : null}
    </Dialog>
  );
}

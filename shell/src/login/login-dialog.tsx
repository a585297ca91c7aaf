import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSiteName } from '@blogstream/shared/api';
import { messages } from '@blogstream/shared/lib';
import {
  loginDialogClosed,
  selectShowLoginToggle,
  useAppDispatch,
  useAppSelector,
} from '@blogstream/shared/store';
import { Button, Dialog, Loader, theme } from '@blogstream/shared/ui';
import type * as ForgotPasswordModule from './forgot-password-form';
import { Hint, LinkButton, Stack } from './form-parts';
import { GoogleButton } from './google-button';
import type { ChangeMode, LoginMode } from './login-modes';
import type * as SignInModule from './sign-in-form';
import type * as SignUpModule from './sign-up-form';

type EmailForms = typeof SignInModule & typeof SignUpModule & typeof ForgotPasswordModule;

let emailForms: Promise<EmailForms> | undefined;

/**
 * The e-mail forms load when the dialog first opens, not with the shell: they bring the form
 * primitive, and through it react-hook-form and zod (docs/decisions/0015, 0017). Named as the
 * form engine's chunk (@blogstream/shared/widgets/form), they come in one chunk with it.
 */
function useEmailForms(open: boolean): EmailForms | undefined {
  const [forms, setForms] = useState<EmailForms>();
  useEffect(() => {
    if (!open || forms) return;
    emailForms ??= Promise.all([
      import(/* webpackChunkName: "forms" */ './sign-in-form'),
      import(/* webpackChunkName: "forms" */ './sign-up-form'),
      import(/* webpackChunkName: "forms" */ './forgot-password-form'),
    ]).then(([signIn, signUp, forgotPassword]) => ({ ...signIn, ...signUp, ...forgotPassword }));
    emailForms.then(setForms, (error: unknown) => {
      emailForms = undefined;
      console.error(error);
    });
  }, [open, forms]);
  return forms;
}

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
  forms,
  onModeChange,
  onClose,
}: {
  mode: LoginMode;
  forms: EmailForms | undefined;
  onModeChange: ChangeMode;
  onClose: () => void;
}) {
  const siteName = useSiteName();
  const loadingForm = <Loader />;
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
      return forms ? <forms.SignInForm onModeChange={onModeChange} /> : loadingForm;
    case 'forgotPassword':
      return forms ? <forms.ForgotPasswordForm onModeChange={onModeChange} /> : loadingForm;
    case 'forgotPasswordSuccess':
      return <Hint>{messages.forgotPasswordSuccess}</Hint>;
    case 'signUpWithEmail':
      return forms ? <forms.SignUpForm onModeChange={onModeChange} /> : loadingForm;
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
  const forms = useEmailForms(open);
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
      <ModeBody mode={mode} forms={forms} onModeChange={setMode} onClose={close} />
      {hasBackLink(mode) ? (
        <p>
          <LinkButton onClick={() => setMode('start')}>Back</LinkButton>
        </p>
      ) : null}
    </Dialog>
  );
}

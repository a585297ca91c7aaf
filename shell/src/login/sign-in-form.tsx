import { useState, type FormEvent } from 'react';
import { failureReason } from '@blogstream/shared/api';
import { collectErrors, emailError, messages, requiredError } from '@blogstream/shared/lib';
import { signedIn, loginDialogClosed, useAppDispatch } from '@blogstream/shared/store';
import { Button, FormError, TextField } from '@blogstream/shared/ui';
import { useSignInWithEmailMutation } from '../session/session-api';
import { Form, LinkButton } from './form-parts';
import type { ChangeMode } from './login-modes';

/** Failure reasons the reader is told about; the spec keeps other sign-in failures silent. */
const signInFailureMessages: Record<string, string> = {
  INVALID_USERNAME_PASS: messages.invalidUsernameOrPassword,
  EMAIL_NOT_VERIFIED: messages.emailNotVerified,
  RATE_LIMITED: messages.tooManyAttempts,
};

export function SignInForm({ onModeChange }: { onModeChange: ChangeMode }) {
  const dispatch = useAppDispatch();
  const [signIn, { isLoading }] = useSignInWithEmailMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'email' | 'password', string>>>({});
  const [failure, setFailure] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const found = collectErrors({
      email: emailError(email),
      password: requiredError(password, messages.passwordRequired),
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const result = await signIn({ email: email.trim(), password });
    if ('data' in result && result.data) {
      dispatch(signedIn({ user: result.data }));
      dispatch(loginDialogClosed());
      return;
    }
    setFailure(signInFailureMessages[failureReason(result.error) ?? '']);
  };

  return (
    <Form onSubmit={submit} noValidate>
      {failure ? <FormError>{failure}</FormError> : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
        autoFocus
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      <Button type="submit" disabled={isLoading}>
        Sign in
      </Button>
      <p>
        <LinkButton onClick={() => onModeChange('forgotPassword')}>Forgot password?</LinkButton>
      </p>
    </Form>
  );
}

import { useState, type FormEvent } from 'react';
import { emailError, messages } from '@blogstream/shared/lib';
import { Button, FormError, ProgressBar, TextField } from '@blogstream/shared/ui';
import { Captcha, useCaptchaForm } from '@blogstream/shared/widgets';
import { useForgotPasswordMutation } from '../session/session-api';
import { Form, Hint } from './form-parts';
import type { ChangeMode } from './login-modes';

export function ForgotPasswordForm({ onModeChange }: { onModeChange: ChangeMode }) {
  const [sendRecoveryEmail, { isLoading }] = useForgotPasswordMutation();
  const [email, setEmail] = useState('');
  const [emailProblem, setEmailProblem] = useState<string>();
  const captcha = useCaptchaForm();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    captcha.setFailure(undefined);
    const problem = emailError(email);
    setEmailProblem(problem);
    if (problem) return;
    if (!captcha.captchaToken) {
      captcha.setFailure(messages.captchaRequired);
      return;
    }
    const result = await sendRecoveryEmail({
      email: email.trim(),
      recaptchaVerifyToken: captcha.captchaToken,
    });
    if ('data' in result) onModeChange('forgotPasswordSuccess');
    else captcha.failWith(messages.genericError);
  };

  return (
    <Form onSubmit={submit} noValidate>
      <Hint>{messages.forgotPasswordIntro}</Hint>
      {captcha.failure ? <FormError>{captcha.failure}</FormError> : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={emailProblem}
        autoFocus
      />
      <Captcha key={captcha.captchaKey} onChange={captcha.onCaptchaChange} />
      {isLoading ? <ProgressBar label="Sending" /> : null}
      <Button type="submit" disabled={isLoading}>
        Send recovery email
      </Button>
    </Form>
  );
}

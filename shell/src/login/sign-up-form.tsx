import { useState, type FormEvent } from 'react';
import { failureReason } from '@blogstream/shared/api';
import {
  collectErrors,
  emailError,
  messages,
  newPasswordError,
  requiredError,
} from '@blogstream/shared/lib';
import { Button, FormError, ProgressBar, TextField } from '@blogstream/shared/ui';
import { Captcha, useCaptchaForm } from '@blogstream/shared/widgets';
import { useSignUpWithEmailMutation } from '../session/session-api';
import { Form } from './form-parts';
import type { ChangeMode } from './login-modes';

type Field = 'name' | 'email' | 'password';

export function SignUpForm({ onModeChange }: { onModeChange: ChangeMode }) {
  const [signUp, { isLoading }] = useSignUpWithEmailMutation();
  const [values, setValues] = useState<Record<Field, string>>({
    name: '',
    email: '',
    password: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const captcha = useCaptchaForm();
  const change = (field: Field) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    captcha.setFailure(undefined);
    const found = collectErrors({
      name: requiredError(values.name, messages.nameRequired),
      email: emailError(values.email),
      password: newPasswordError(values.password),
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (!captcha.captchaToken) {
      captcha.setFailure(messages.captchaRequired);
      return;
    }
    const result = await signUp({
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
      recaptchaVerifyToken: captcha.captchaToken,
    });
    if ('data' in result) {
      onModeChange('signUpWithEmailSuccess');
      return;
    }
    const reason = failureReason(result.error);
    captcha.failWith(
      reason === 'USER_EXISTS' ? messages.emailAlreadyRegistered : messages.genericError,
    );
  };

  return (
    <Form onSubmit={submit} noValidate>
      {captcha.failure ? <FormError>{captcha.failure}</FormError> : null}
      <TextField
        label="Name"
        autoComplete="name"
        value={values.name}
        onChange={change('name')}
        error={errors.name}
        autoFocus
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={change('email')}
        error={errors.email}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={change('password')}
        error={errors.password}
      />
      <Captcha key={captcha.captchaKey} onChange={captcha.onCaptchaChange} />
      {isLoading ? <ProgressBar label="Signing up" /> : null}
      <Button type="submit" disabled={isLoading}>
        Sign up
      </Button>
    </Form>
  );
}

import { useState, type FormEvent } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { baseApi, failureReason } from '@blogstream/shared/api';
import type { OkResponse, ResetPasswordRequest } from '@blogstream/shared/contract';
import { collectErrors, messages, newPasswordError } from '@blogstream/shared/lib';
import { usePageMeta } from '@blogstream/shared/mfe';
import { selectLoggedIn, useAppSelector } from '@blogstream/shared/store';
import { Button, PageContainer, PageTitle, TextField } from '@blogstream/shared/ui';

const resetApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    resetPassword: build.mutation<OkResponse, ResetPasswordRequest>({
      query: (body) => ({ url: '/reset_password', body }),
    }),
  }),
});

type Field = 'newPassword' | 'confirmation';

function ResetForm({ token }: { token: string }) {
  const [resetPassword, { isLoading }] = resetApi.useResetPasswordMutation();
  const [values, setValues] = useState<Record<Field, string>>({
    newPassword: '',
    confirmation: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const found = collectErrors({
      newPassword: newPasswordError(values.newPassword),
      confirmation:
        values.confirmation === values.newPassword ? undefined : messages.passwordsMustMatch,
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const result = await resetPassword({ newPassword: values.newPassword, token });
    if ('data' in result) {
      setDone(true);
      return;
    }
    setFailure(
      failureReason(result.error) === 'LINK_EXPIRED'
        ? messages.resetLinkExpired
        : messages.genericError,
    );
  };

  if (done) return <p role="status">You can now sign in using your new password.</p>;
  return (
    <form onSubmit={submit} noValidate>
      {failure ? <p role="alert">{failure}</p> : null}
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={values.newPassword}
        onChange={(event) =>
          setValues((current) => ({ ...current, newPassword: event.target.value }))
        }
        error={errors.newPassword}
        autoFocus
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={values.confirmation}
        onChange={(event) =>
          setValues((current) => ({ ...current, confirmation: event.target.value }))
        }
        error={errors.confirmation}
      />
      <Button type="submit" disabled={isLoading}>
        Submit
      </Button>
    </form>
  );
}

/** The page the reset e-mail links to; for signed-out readers only (spec §6). */
export function ResetPasswordPage() {
  usePageMeta({ title: 'Reset password' });
  const token = useParams().token ?? '';
  const loggedIn = useAppSelector(selectLoggedIn);
  if (loggedIn === true) return <Navigate to="/" replace />;
  return (
    <PageContainer>
      <PageTitle>Reset password</PageTitle>
      <ResetForm token={token} />
    </PageContainer>
  );
}

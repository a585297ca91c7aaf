import { useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { failureReason } from '@blogstream/shared/api';
import { messages } from '@blogstream/shared/lib';
import { usePageMeta } from '@blogstream/shared/mfe';
import { selectLoggedIn, useAppSelector } from '@blogstream/shared/store';
import { PageContainer, PageTitle } from '@blogstream/shared/ui';
import {
  ContractForm,
  FormPasswordField,
  FormSubmit,
  useContractForm,
} from '@blogstream/shared/widgets/form';
import { resetApi } from './reset-password-api';

function ResetForm({ token }: { token: string }) {
  const [resetPassword] = resetApi.useResetPasswordMutation();
  const [done, setDone] = useState(false);
  const form = useContractForm({
    schema: (contract) => contract.resetPasswordRequestSchema,
    defaultValues: { newPassword: '', confirmation: '', token },
    confirm: { name: 'confirmation', of: 'newPassword', message: messages.passwordsMustMatch },
  });

  if (done) return <p role="status">You can now sign in using your new password.</p>;
  return (
    <ContractForm
      form={form}
      onSubmit={async (request) => {
        const result = await resetPassword(request);
        if ('data' in result) {
          setDone(true);
          return;
        }
        form.fail(
          failureReason(result.error) === 'LINK_EXPIRED'
            ? messages.resetLinkExpired
            : messages.genericError,
        );
      }}
    >
      <FormPasswordField
        form={form}
        name="newPassword"
        label="New password"
        autoComplete="new-password"
        autoFocus
      />
      <FormPasswordField
        form={form}
        name="confirmation"
        label="Confirm new password"
        autoComplete="new-password"
      />
      <FormSubmit form={form}>Submit</FormSubmit>
    </ContractForm>
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
      {/* The token is part of the request the form holds: another link, another form. */}
      <ResetForm key={token} token={token} />
    </PageContainer>
  );
}

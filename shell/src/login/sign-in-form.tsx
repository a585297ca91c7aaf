import { failureReason } from '@blogstream/shared/api';
import { messages } from '@blogstream/shared/lib';
import { signedIn, loginDialogClosed, useAppDispatch } from '@blogstream/shared/store';
import {
  ContractForm,
  FormEmailField,
  FormPasswordField,
  FormSubmit,
  useContractForm,
} from '@blogstream/shared/widgets/form';
import { useSignInWithEmailMutation } from '../session/session-api';
import { FormColumn, LinkButton } from './form-parts';
import type { ChangeMode } from './login-modes';

/** Failure reasons the reader is told about; the spec keeps other sign-in failures silent. */
const signInFailureMessages: Record<string, string> = {
  INVALID_USERNAME_PASS: messages.invalidUsernameOrPassword,
  EMAIL_NOT_VERIFIED: messages.emailNotVerified,
  RATE_LIMITED: messages.tooManyAttempts,
};

export function SignInForm({ onModeChange }: { onModeChange: ChangeMode }) {
  const dispatch = useAppDispatch();
  const [signIn] = useSignInWithEmailMutation();
  const form = useContractForm({
    schema: (contract) => contract.signInRequestSchema,
    defaultValues: { email: '', password: '' },
  });

  return (
    <ContractForm
      form={form}
      onSubmit={async (request) => {
        const result = await signIn(request);
        if ('data' in result && result.data) {
          dispatch(signedIn({ user: result.data }));
          dispatch(loginDialogClosed());
          return;
        }
        form.fail(signInFailureMessages[failureReason(result.error) ?? '']);
      }}
    >
      <FormColumn>
        <FormEmailField form={form} autoFocus />
        <FormPasswordField
          form={form}
          name="password"
          label="Password"
          autoComplete="current-password"
        />
        <FormSubmit form={form}>Sign in</FormSubmit>
        <p>
          <LinkButton onClick={() => onModeChange('forgotPassword')}>Forgot password?</LinkButton>
        </p>
      </FormColumn>
    </ContractForm>
  );
}

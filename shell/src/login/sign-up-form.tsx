import { failureReason } from '@blogstream/shared/api';
import { messages } from '@blogstream/shared/lib';
import {
  ContractForm,
  FormEmailField,
  FormPasswordField,
  FormSubmit,
  FormTextField,
  useContractForm,
} from '@blogstream/shared/widgets/form';
import { useSignUpWithEmailMutation } from '../session/session-api';
import { FormColumn } from './form-parts';
import type { ChangeMode } from './login-modes';

export function SignUpForm({ onModeChange }: { onModeChange: ChangeMode }) {
  const [signUp] = useSignUpWithEmailMutation();
  const form = useContractForm({
    schema: (contract) => contract.signUpRequestSchema,
    defaultValues: { name: '', email: '', password: '', recaptchaVerifyToken: '' },
  });

  return (
    <ContractForm
      form={form}
      onSubmit={async (request) => {
        const result = await signUp(request);
        if ('data' in result) {
          onModeChange('signUpWithEmailSuccess');
          return;
        }
        const reason = failureReason(result.error);
        form.fail(
          reason === 'USER_EXISTS' ? messages.emailAlreadyRegistered : messages.genericError,
        );
      }}
    >
      <FormColumn>
        <FormTextField form={form} name="name" label="Name" autoComplete="name" autoFocus />
        <FormEmailField form={form} />
        <FormPasswordField
          form={form}
          name="password"
          label="Password"
          autoComplete="new-password"
        />
        <FormSubmit form={form} progressLabel="Signing up" captcha="recaptchaVerifyToken">
          Sign up
        </FormSubmit>
      </FormColumn>
    </ContractForm>
  );
}

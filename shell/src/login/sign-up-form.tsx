import { failureReason } from '@blogstream/shared/api';
import { messages } from '@blogstream/shared/lib';
import {
  ContractForm,
  FormCaptcha,
  FormSubmit,
  FormTextField,
  useContractForm,
} from '@blogstream/shared/widgets/form';
import { useSignUpWithEmailMutation } from '../session/session-api';
import { FormColumn } from './form-parts';
import type { ChangeMode } from './login-modes';
import { emailField } from './sign-in-form';

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
        <FormTextField form={form} {...emailField} />
        <FormTextField
          form={form}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
        />
        <FormCaptcha form={form} name="recaptchaVerifyToken" />
        <FormSubmit form={form} progressLabel="Signing up">
          Sign up
        </FormSubmit>
      </FormColumn>
    </ContractForm>
  );
}

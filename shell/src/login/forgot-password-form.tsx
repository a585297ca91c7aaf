import { messages } from '@blogstream/shared/lib';
import {
  ContractForm,
  FormCaptcha,
  FormSubmit,
  FormTextField,
  useContractForm,
} from '@blogstream/shared/widgets/form';
import { useForgotPasswordMutation } from '../session/session-api';
import { FormColumn, Hint } from './form-parts';
import type { ChangeMode } from './login-modes';
import { emailField } from './sign-in-form';

export function ForgotPasswordForm({ onModeChange }: { onModeChange: ChangeMode }) {
  const [sendRecoveryEmail] = useForgotPasswordMutation();
  const form = useContractForm({
    schema: (contract) => contract.forgotPasswordRequestSchema,
    defaultValues: { email: '', recaptchaVerifyToken: '' },
  });

  return (
    <ContractForm
      form={form}
      intro={<Hint>{messages.forgotPasswordIntro}</Hint>}
      onSubmit={async (request) => {
        const result = await sendRecoveryEmail(request);
        if ('data' in result) onModeChange('forgotPasswordSuccess');
        else form.fail(messages.genericError);
      }}
    >
      <FormColumn>
        <FormTextField form={form} {...emailField} autoFocus />
        <FormCaptcha form={form} name="recaptchaVerifyToken" />
        <FormSubmit form={form} progressLabel="Sending">
          Send recovery email
        </FormSubmit>
      </FormColumn>
    </ContractForm>
  );
}

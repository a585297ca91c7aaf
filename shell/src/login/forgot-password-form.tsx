import { messages } from '@blogstream/shared/lib';
import {
  ContractForm,
  FormEmailField,
  FormSubmit,
  useContractForm,
} from '@blogstream/shared/widgets/form';
import { useForgotPasswordMutation } from '../session/session-api';
import { FormColumn, Hint } from './form-parts';
import type { ChangeMode } from './login-modes';

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
        <FormEmailField form={form} autoFocus />
        <FormSubmit form={form} progressLabel="Sending" captcha="recaptchaVerifyToken">
          Send recovery email
        </FormSubmit>
      </FormColumn>
    </ContractForm>
  );
}

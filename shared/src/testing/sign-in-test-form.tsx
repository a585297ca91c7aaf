// A sign-in form on the form primitive, for its tests (widgets/form/contract-form*.test.tsx).
import type { SignInRequest } from '@blogstream/shared/contract';
import {
  ContractForm,
  FormSubmit,
  FormTextField,
  useContractForm,
} from '@blogstream/shared/widgets/form';

export function SignInTestForm({ send }: { send: (request: SignInRequest) => unknown }) {
  const form = useContractForm({
    schema: (contract) => contract.signInRequestSchema,
    defaultValues: { email: '', password: '' },
  });
  return (
    <ContractForm form={form} onSubmit={send}>
      <FormTextField form={form} name="email" label="Email" type="email" />
      <FormTextField form={form} name="password" label="Password" type="password" />
      <FormSubmit form={form}>Sign in</FormSubmit>
    </ContractForm>
  );
}

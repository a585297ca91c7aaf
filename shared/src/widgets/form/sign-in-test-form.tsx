// A form for the tests of the form primitive (contract-form*.test.tsx); not exported.
import type { SignInRequest } from '@blogstream/shared/contract';
import { ContractForm, FormSubmit, FormTextField, useContractForm } from './index.js';

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

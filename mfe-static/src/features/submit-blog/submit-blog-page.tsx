import { useState } from 'react';
import styled from 'styled-components';
import { baseApi, endpointRequest } from '@blogstream/shared/api';
import type { OkResponse, SubmitSourceRequest } from '@blogstream/shared/contract';
import { messages } from '@blogstream/shared/lib';
import { usePageMeta } from '@blogstream/shared/mfe';
import { PageContainer, PageTitle } from '@blogstream/shared/ui';
import {
  ContractForm,
  FormCaptcha,
  FormSubmit,
  FormTextField,
  useContractForm,
} from '@blogstream/shared/widgets/form';

const submitApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    submitSource: build.mutation<OkResponse, SubmitSourceRequest>({
      query: (body) => endpointRequest('submitSource', { body }),
    }),
  }),
});

const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Blog submission (spec §2): reviewed by hand; the submitter hears the outcome by e-mail. */
export function SubmitBlogPage() {
  usePageMeta({ title: 'Submit blog' });
  const [submitSource] = submitApi.useSubmitSourceMutation();
  const [submitted, setSubmitted] = useState(false);
  const form = useContractForm({
    schema: (contract) => contract.submitSourceRequestSchema,
    defaultValues: { name: '', url: '', email: '', recaptchaVerifyToken: '' },
    messages: {
      name: { required: messages.blogNameRequired },
      url: { required: messages.blogUrlRequired },
    },
  });

  return (
    <PageContainer>
      <PageTitle>Submit blog</PageTitle>
      {submitted ? (
        <p role="status">Thank you for your submission!</p>
      ) : (
        <ContractForm
          form={form}
          intro={
            <Note>
              Submissions are reviewed manually, which may take a couple of days. We will let you
              know by e-mail whether your blog was added.
            </Note>
          }
          onSubmit={async (request) => {
            const result = await submitSource(request);
            if ('data' in result) setSubmitted(true);
            else form.fail(messages.genericError);
          }}
        >
          <FormTextField form={form} name="name" label="Blog Name" />
          <FormTextField form={form} name="url" label="Blog URL" type="url" />
          <FormTextField
            form={form}
            name="email"
            label="Your email"
            type="email"
            autoComplete="email"
          />
          <FormCaptcha form={form} name="recaptchaVerifyToken" />
          <FormSubmit form={form}>Submit</FormSubmit>
        </ContractForm>
      )}
    </PageContainer>
  );
}

import { useState } from 'react';
import styled from 'styled-components';
import type { SubmissionCheck, SubmitSourceResponse } from '@blogstream/shared/contract';
import { messages } from '@blogstream/shared/lib';
import { usePageMeta } from '@blogstream/shared/mfe';
import { PageContainer, PageTitle } from '@blogstream/shared/ui';
import {
  ContractForm,
  FormEmailField,
  FormSubmit,
  FormTextField,
  useContractForm,
} from '@blogstream/shared/widgets/form';
import { submitApi } from './submit-blog-api';

const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const CHECK_LABELS: Record<SubmissionCheck['name'], string> = {
  feedFound: 'Feed found on the page',
  validFeed: 'Valid feed',
  recentPosts: 'Recent posts',
  notDuplicate: 'Not already on Blogstream',
};

const STATUS_LABELS: Record<SubmissionCheck['status'], string> = {
  passed: 'Passed',
  failed: 'Failed',
  skipped: 'Not checked',
};

const Checks = styled.ul`
  list-style: none;
  padding: 0;
  li {
    margin: 8px 0;
  }
  strong[data-status='passed'] {
    color: ${({ theme }) => theme.colors.success};
  }
  strong[data-status='failed'] {
    color: ${({ theme }) => theme.colors.error};
  }
`;

/** The automated checks' results, as the server answered them with the submission. */
function SubmissionChecks({ checks }: { checks: SubmissionCheck[] }) {
  const passed = checks.every((check) => check.status === 'passed');
  return (
    <section aria-labelledby="submission-checks">
      <h2 id="submission-checks">Automated checks</h2>
      <p>
        {passed
          ? 'Your blog passed every automated check.'
          : 'Some automated checks did not pass. A reviewer will still look at your blog, but a blog without a working feed cannot be added.'}
      </p>
      <Checks aria-label="Automated checks">
        {checks.map((check) => (
          <li key={check.name}>
            {CHECK_LABELS[check.name]}:{' '}
            <strong data-status={check.status}>{STATUS_LABELS[check.status]}</strong>
            {' — '}
            {check.detail}
          </li>
        ))}
      </Checks>
    </section>
  );
}

/**
 * Blog submission (spec §2): reviewed by hand; the submitter hears the outcome by e-mail. The
 * server checks the address at once (feed found, valid, recent posts, not a duplicate) and the
 * results are shown with the thanks.
 */
export function SubmitBlogPage() {
  usePageMeta({ title: 'Submit blog' });
  const [submitSource] = submitApi.useSubmitSourceMutation();
  const [submitted, setSubmitted] = useState<SubmitSourceResponse | null>(null);
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
        <>
          <p role="status">Thank you for your submission!</p>
          {submitted.checks?.length ? <SubmissionChecks checks={submitted.checks} /> : null}
        </>
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
            if (result.data) setSubmitted(result.data);
            else form.fail(messages.genericError);
          }}
        >
          <FormTextField form={form} name="name" label="Blog Name" />
          <FormTextField form={form} name="url" label="Blog URL" type="url" />
          <FormEmailField form={form} label="Your email" />
          <FormSubmit form={form} captcha="recaptchaVerifyToken">
            Submit
          </FormSubmit>
        </ContractForm>
      )}
    </PageContainer>
  );
}

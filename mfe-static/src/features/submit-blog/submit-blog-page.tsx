import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { baseApi } from '@blogstream/shared/api';
import type { OkResponse, SubmitSourceRequest } from '@blogstream/shared/contract';
import { collectErrors, emailError, messages, requiredError } from '@blogstream/shared/lib';
import { usePageMeta } from '@blogstream/shared/mfe';
import { Button, FormError, PageContainer, PageTitle, TextField } from '@blogstream/shared/ui';
import { Captcha, useCaptchaForm } from '@blogstream/shared/widgets';

const submitApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    submitSource: build.mutation<OkResponse, SubmitSourceRequest>({
      query: (body) => ({ url: '/submit_source', body }),
    }),
  }),
});

const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

type Field = 'name' | 'url' | 'email';

/** Blog submission (spec §2): reviewed by hand; the submitter hears the outcome by e-mail. */
export function SubmitBlogPage() {
  usePageMeta({ title: 'Submit blog' });
  const [submitSource, { isLoading }] = submitApi.useSubmitSourceMutation();
  const [values, setValues] = useState<Record<Field, string>>({ name: '', url: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const captcha = useCaptchaForm();
  const [submitted, setSubmitted] = useState(false);
  const change = (field: Field) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    captcha.setFailure(undefined);
    const found = collectErrors({
      name: requiredError(values.name, messages.blogNameRequired),
      url: requiredError(values.url, messages.blogUrlRequired),
      email: emailError(values.email),
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (!captcha.captchaToken) {
      captcha.setFailure(messages.captchaRequired);
      return;
    }
    const result = await submitSource({
      name: values.name.trim(),
      url: values.url.trim(),
      email: values.email.trim(),
      recaptchaVerifyToken: captcha.captchaToken,
    });
    if ('data' in result) {
      setSubmitted(true);
      return;
    }
    captcha.failWith(messages.genericError);
  };

  return (
    <PageContainer>
      <PageTitle>Submit blog</PageTitle>
      {submitted ? (
        <p role="status">Thank you for your submission!</p>
      ) : (
        <form onSubmit={submit} noValidate>
          <Note>
            Submissions are reviewed manually, which may take a couple of days. We will let you know
            by e-mail whether your blog was added.
          </Note>
          {captcha.failure ? <FormError>{captcha.failure}</FormError> : null}
          <TextField
            label="Blog Name"
            value={values.name}
            onChange={change('name')}
            error={errors.name}
          />
          <TextField
            label="Blog URL"
            type="url"
            value={values.url}
            onChange={change('url')}
            error={errors.url}
          />
          <TextField
            label="Your email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={change('email')}
            error={errors.email}
          />
          <Captcha key={captcha.captchaKey} onChange={captcha.onCaptchaChange} />
          <Button type="submit" disabled={isLoading}>
            Submit
          </Button>
        </form>
      )}
    </PageContainer>
  );
}

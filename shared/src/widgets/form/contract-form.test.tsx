import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  ResetPasswordRequest,
  SignUpRequest,
  SubmitSourceRequest,
  UserSettings,
} from '@blogstream/shared/contract';
import { messages } from '@blogstream/shared/lib';
import {
  mockApi,
  publicConfigFixture,
  renderWithProviders,
  SignInTestForm,
  solveCaptchaWidget,
} from '@blogstream/shared/testing';
import {
  ContractForm,
  FormCaptcha,
  FormEmailField,
  FormPasswordField,
  FormSelect,
  FormSubmit,
  FormTextField,
  useContractForm,
} from '@blogstream/shared/widgets/form';

beforeEach(() => {
  mockApi({ 'GET /public_config': () => ({ data: publicConfigFixture }) });
});

/** Sign-up with a captcha; the server's answer is `refusal` (none: accepted). */
function SignUpForm({
  send,
  refusal,
}: {
  send: (request: SignUpRequest) => unknown;
  refusal?: string;
}) {
  const form = useContractForm({
    schema: (contract) => contract.signUpRequestSchema,
    defaultValues: { name: '', email: '', password: '', recaptchaVerifyToken: '' },
  });
  return (
    <ContractForm
      form={form}
      intro={<p>Join us</p>}
      onSubmit={async (request) => {
        await send(request);
        if (refusal) form.fail(refusal);
      }}
    >
      <FormTextField form={form} name="name" label="Name" />
      <FormTextField form={form} name="email" label="Email" type="email" />
      <FormTextField form={form} name="password" label="Password" type="password" />
      <FormCaptcha form={form} name="recaptchaVerifyToken" />
      <FormSubmit form={form} progressLabel="Signing up">
        Sign up
      </FormSubmit>
    </ContractForm>
  );
}

/** The same sign-up built from the shared e-mail and password fields, the captcha with its submit. */
function SharedFieldsSignUpForm({ send }: { send: (request: SignUpRequest) => unknown }) {
  const form = useContractForm({
    schema: (contract) => contract.signUpRequestSchema,
    defaultValues: { name: '', email: '', password: '', recaptchaVerifyToken: '' },
  });
  return (
    <ContractForm form={form} onSubmit={send}>
      <FormTextField form={form} name="name" label="Name" />
      <FormEmailField form={form} />
      <FormPasswordField form={form} name="password" label="Password" autoComplete="new-password" />
      <FormSubmit form={form} captcha="recaptchaVerifyToken">
        Sign up
      </FormSubmit>
    </ContractForm>
  );
}

describe('contract form: validation by the contract, in the spec words', () => {
  it('labels its fields and says what is missing, without sending', async () => {
    const send = jest.fn();
    renderWithProviders(<SignInTestForm send={send} />);
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('aria-invalid', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('E-mail is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(email).toHaveFocus();
    expect(send).not.toHaveBeenCalled();
  });

  it('wants an e-mail to look like one, and a new password long enough', async () => {
    renderWithProviders(<SignUpForm send={jest.fn()} />);
    await userEvent.type(screen.getByLabelText('Name'), '   ');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByText(messages.nameRequired)).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid e-mail')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    // The captcha is asked for once the fields are right, not before.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('hands over the request as the contract parsed it', async () => {
    const send = jest.fn();
    renderWithProviders(<SignInTestForm send={send} />);
    await userEvent.type(screen.getByLabelText('Email'), ' Ada@Example.com ');
    await userEvent.type(screen.getByLabelText('Password'), ' spaced out {Enter}');
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send).toHaveBeenCalledWith({ email: 'ada@example.com', password: ' spaced out ' });
  });

  it('updates a problem as the reader fixes it, after the first attempt', async () => {
    renderWithProviders(<SignInTestForm send={jest.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await userEvent.type(screen.getByLabelText('Email'), 'ada');
    expect(await screen.findByText('Please enter a valid e-mail')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), '@example.com');
    await waitFor(() =>
      expect(screen.queryByText('Please enter a valid e-mail')).not.toBeInTheDocument(),
    );
  });

  it("keeps the contract's own message and takes the form's wording over the defaults", async () => {
    function SubmitBlog({ send }: { send: (request: SubmitSourceRequest) => unknown }) {
      const form = useContractForm({
        schema: (contract) => contract.submitSourceRequestSchema,
        defaultValues: { name: '', url: '', email: '', recaptchaVerifyToken: 'pow' },
        messages: {
          name: { required: messages.blogNameRequired },
          url: { required: messages.blogUrlRequired },
        },
      });
      return (
        <ContractForm form={form} onSubmit={send}>
          <FormTextField form={form} name="name" label="Blog Name" />
          <FormTextField form={form} name="url" label="Blog URL" />
          <FormTextField form={form} name="email" label="Your email" />
          <FormSubmit form={form}>Submit</FormSubmit>
        </ContractForm>
      );
    }
    const send = jest.fn();
    renderWithProviders(<SubmitBlog send={send} />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByLabelText('Blog Name')).toHaveAccessibleDescription('Blog name is required');
    expect(screen.getByLabelText('Blog URL')).toHaveAccessibleDescription('Blog URL is required');
    await userEvent.type(screen.getByLabelText('Blog URL'), 'ftp://eng.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByLabelText('Blog URL')).toHaveAccessibleDescription(
      'Must be an http(s) address',
    );
    expect(send).not.toHaveBeenCalled();
  });

  it('checks a confirmation typed twice and leaves it out of the request', async () => {
    function ResetForm({ send }: { send: (request: ResetPasswordRequest) => unknown }) {
      const form = useContractForm({
        schema: (contract) => contract.resetPasswordRequestSchema,
        defaultValues: { newPassword: '', confirmation: '', token: 'tok' },
        confirm: { name: 'confirmation', of: 'newPassword', message: messages.passwordsMustMatch },
      });
      return (
        <ContractForm form={form} onSubmit={send}>
          <FormTextField form={form} name="newPassword" label="New password" type="password" />
          <FormTextField form={form} name="confirmation" label="Confirm" type="password" />
          <FormSubmit form={form}>Submit</FormSubmit>
        </ContractForm>
      );
    }
    const send = jest.fn();
    renderWithProviders(<ResetForm send={send} />);
    await userEvent.type(screen.getByLabelText('New password'), 'a new passphrase');
    await userEvent.type(screen.getByLabelText('Confirm'), 'another one{Enter}');
    expect(screen.getByLabelText('Confirm')).toHaveAccessibleDescription('Passwords must match');
    await userEvent.clear(screen.getByLabelText('Confirm'));
    await userEvent.type(screen.getByLabelText('Confirm'), 'a new passphrase{Enter}');
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith({ newPassword: 'a new passphrase', token: 'tok' }),
    );
  });

  it('offers a choice whose values need not be strings', async () => {
    function Settings({ send }: { send: (request: Partial<UserSettings>) => unknown }) {
      const form = useContractForm({
        schema: (contract) => contract.userSettingsSchema.pick({ email_digest_frequency: true }),
        defaultValues: { email_digest_frequency: 0 },
      });
      return (
        <ContractForm form={form} onSubmit={send}>
          <FormSelect
            form={form}
            name="email_digest_frequency"
            label="Digest"
            options={[
              { value: 0, label: 'Off' },
              { value: 2, label: 'Weekly' },
            ]}
          />
          <FormSubmit form={form}>Save</FormSubmit>
        </ContractForm>
      );
    }
    const send = jest.fn();
    renderWithProviders(<Settings send={send} />);
    const select = screen.getByRole('combobox', { name: 'Digest' });
    expect(select).toHaveTextContent('Off');
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'Weekly' }));
    expect(select).toHaveTextContent('Weekly');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ email_digest_frequency: 2 }));
  });
});

describe('contract form: the banner, the captcha and the pending state', () => {
  async function fillIn() {
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'analytical engine');
  }

  it('asks for the captcha in the banner, which solving it hides', async () => {
    const send = jest.fn();
    renderWithProviders(<SignUpForm send={send} />);
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please complete the reCaptcha');
    expect(screen.getByText('Join us')).toBeInTheDocument();
    await solveCaptchaWidget('pow');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith({
        name: 'Ada',
        email: 'ada@example.com',
        password: 'analytical engine',
        recaptchaVerifyToken: 'pow',
      }),
    );
  });

  it("shows the server's refusal, then wants a fresh captcha and hides it at the next submit", async () => {
    const send = jest.fn();
    renderWithProviders(<SignUpForm send={send} refusal="Email already registered" />);
    await fillIn();
    await solveCaptchaWidget('first');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email already registered');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please complete the reCaptcha');
    await solveCaptchaWidget('second');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    expect(send).toHaveBeenLastCalledWith(
      expect.objectContaining({ recaptchaVerifyToken: 'second' }),
    );
  });

  it('offers the address and a new password to the browser, and the captcha with the submit', async () => {
    const send = jest.fn();
    renderWithProviders(<SharedFieldsSignUpForm send={send} />);
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please complete the reCaptcha');
    await solveCaptchaWidget('pow');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith(
        expect.objectContaining({ email: 'ada@example.com', recaptchaVerifyToken: 'pow' }),
      ),
    );
  });

  it('disables its button and shows progress while the call is out', async () => {
    let answer = () => {};
    const send = jest.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    renderWithProviders(<SignUpForm send={send} />);
    await fillIn();
    await solveCaptchaWidget();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(send).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeDisabled();
    expect(screen.getByRole('progressbar', { name: 'Signing up' })).toBeInTheDocument();
    answer();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign up' })).toBeEnabled());
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

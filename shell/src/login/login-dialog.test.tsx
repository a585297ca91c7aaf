import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  mockApi,
  publicConfigFixture,
  readerFixture,
  renderWithProviders,
  solveCaptchaWidget,
  type MockHandlers,
  type MockedApi,
} from '@blogstream/shared/testing';
import {
  loginDialogRequested,
  loginDialogClosed,
  selectLoggedIn,
  selectShowLoginToggle,
} from '@blogstream/shared/store';
import { LoginDialog } from './login-dialog';

const reader = readerFixture();

let api: MockedApi;

function setUp(handlers: MockHandlers = {}, route = '/') {
  api = mockApi({ 'GET /public_config': () => ({ data: publicConfigFixture }), ...handlers });
  const rendered = renderWithProviders(<LoginDialog />, { route });
  act(() => {
    rendered.store.dispatch(loginDialogRequested());
  });
  return rendered;
}

describe('login dialog: start and sign-up menu', () => {
  it('opens at start with e-mail sign-in and a way to sign up', async () => {
    setUp({}, '/topic/UX');
    expect(
      await screen.findByRole('dialog', { name: 'Sign in to Blogstream' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with email' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'What is Blogstream?' })).toHaveAttribute('href', '/');
    await userEvent.click(screen.getByRole('button', { name: 'New to Blogstream? Sign up here' }));
    expect(screen.getByRole('dialog', { name: 'Sign up for Blogstream' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign up with email' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Already have an account? Sign in' }));
    expect(screen.getByRole('dialog', { name: 'Sign in to Blogstream' })).toBeInTheDocument();
  });

  it("hides 'What is Blogstream?' on the home route and Google without a client id", async () => {
    setUp();
    await screen.findByRole('dialog', { name: 'Sign in to Blogstream' });
    expect(screen.queryByRole('link', { name: 'What is Blogstream?' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('google-sign-in')).not.toBeInTheDocument();
  });

  it('starts again at start each time it opens', async () => {
    const { store } = setUp();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with email' }));
    expect(screen.getByRole('dialog', { name: 'Sign in with email' })).toBeInTheDocument();
    act(() => {
      store.dispatch(loginDialogClosed());
    });
    act(() => {
      store.dispatch(loginDialogRequested());
    });
    expect(
      await screen.findByRole('dialog', { name: 'Sign in to Blogstream' }),
    ).toBeInTheDocument();
  });
});

describe('login dialog: sign in with e-mail', () => {
  it('validates before calling the server', async () => {
    setUp();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with email' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('E-mail is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Please enter a valid e-mail')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.key === 'POST /signin_with_email')).toHaveLength(0);
  });

  it('signs in with Enter and closes', async () => {
    const { store } = setUp({ 'POST /signin_with_email': () => ({ data: reader }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with email' }));
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse{Enter}');
    await waitFor(() => expect(selectLoggedIn(store.getState())).toBe(true));
    expect(selectShowLoginToggle(store.getState())).toBe(false);
    expect(api.calls.find((call) => call.key === 'POST /signin_with_email')?.body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
    });
  });

  it('says so when the password is wrong, and nothing for other failures', async () => {
    let reason = 'INVALID_USERNAME_PASS';
    setUp({ 'POST /signin_with_email': () => ({ status: 400, data: { reason } }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with email' }));
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password.');
    reason = 'SOMETHING_ELSE';
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('goes to password recovery and back to start', async () => {
    setUp();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with email' }));
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(
      screen.getByText("Enter your email and we'll send you the password recovery link."),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('dialog', { name: 'Sign in to Blogstream' })).toBeInTheDocument();
  });
});

describe('login dialog: forgot password', () => {
  async function openForgotPassword(handlers: MockHandlers) {
    setUp(handlers);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with email' }));
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
  }

  it('needs the captcha, then sends the recovery e-mail', async () => {
    await openForgotPassword({ 'POST /forgot_password': () => ({ data: { ok: true } }) });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send recovery email' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please complete the reCaptcha');
    await solveCaptchaWidget();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send recovery email' }));
    expect(
      await screen.findByText('Please check your inbox for email with instructions.'),
    ).toBeInTheDocument();
    expect(api.calls.find((call) => call.key === 'POST /forgot_password')?.body).toEqual({
      email: 'ada@example.com',
      recaptchaVerifyToken: 'solved-token',
    });
  });

  it('reports a failure', async () => {
    await openForgotPassword({ 'POST /forgot_password': () => ({ status: 500 }) });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await solveCaptchaWidget();
    await userEvent.click(screen.getByRole('button', { name: 'Send recovery email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an error. Please try again.',
    );
  });
});

describe('login dialog: sign up with e-mail', () => {
  async function openSignUp(handlers: MockHandlers) {
    setUp(handlers);
    await userEvent.click(
      await screen.findByRole('button', { name: 'New to Blogstream? Sign up here' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign up with email' }));
  }

  async function fillIn() {
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'analytical engine');
  }

  it('validates every field and sends nothing without a captcha', async () => {
    await openSignUp({});
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('E-mail is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please complete the reCaptcha');
    expect(api.calls.filter((call) => call.key === 'POST /signup_with_email')).toHaveLength(0);
  });

  it('signs up and asks the reader to verify their e-mail', async () => {
    await openSignUp({ 'POST /signup_with_email': () => ({ data: { ok: true } }) });
    await fillIn();
    await solveCaptchaWidget();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('You have successfully signed up!')).toBeInTheDocument();
    expect(
      screen.getByText('Just one more step - please check your inbox for the verification link.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('says the e-mail is taken, and asks for a fresh captcha', async () => {
    await openSignUp({
      'POST /signup_with_email': () => ({ status: 409, data: { reason: 'USER_EXISTS' } }),
    });
    await fillIn();
    await solveCaptchaWidget();
    fireEvent.submit(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email already registered');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please complete the reCaptcha');
  });
});

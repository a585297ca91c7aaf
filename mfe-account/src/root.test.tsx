import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  mockApi,
  renderWithProviders,
  type MockHandlers,
  type MockedApi,
} from '@blogstream/shared/testing';
import {
  selectShowLoginToggle,
  selectSnackbar,
  signedIn,
  signedOut,
} from '@blogstream/shared/store';
import { Root } from './root';

const reader = {
  name: 'Ada',
  email: 'ada@example.com',
  account_type: 0 as 0 | 1,
  userFirstTimeUX: false,
  follows_sources: false,
};

let api: MockedApi;
afterEach(() => api.restore());

function render(
  route: string,
  handlers: MockHandlers,
  who: 'free' | 'premium' | 'visitor' = 'free',
) {
  api = mockApi(handlers);
  const rendered = renderWithProviders(<Root />, { route });
  act(() => {
    rendered.store.dispatch(
      who === 'visitor'
        ? signedOut()
        : signedIn({ user: { ...reader, account_type: who === 'premium' ? 1 : 0 } }),
    );
  });
  return rendered;
}

describe('settings', () => {
  let saved: number;
  const handlers = (failSave = false): MockHandlers => ({
    'POST /get_user_settings': () => ({ data: { email_digest_frequency: saved } }),
    'POST /save_user_settings': (body) => {
      if (failSave) return { status: 500 };
      saved = (body as { settings: { email_digest_frequency: number } }).settings
        .email_digest_frequency;
      return { data: { email_digest_frequency: saved } };
    },
  });
  beforeEach(() => {
    saved = 0;
  });

  it('turns the weekly digest on and says it is saved', async () => {
    const { store } = render('/settings', handlers());
    const select = await screen.findByRole('combobox', { name: 'Digest mail frequency' });
    expect(select).toHaveTextContent('Off');
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'Weekly' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(selectSnackbar(store.getState())?.message).toBe('Settings saved.'));
    expect(saved).toBe(2);
    expect(selectSnackbar(store.getState())?.durationMs).toBe(1000);
  });

  it('reports a failed save in the error colour', async () => {
    const { store } = render('/settings', handlers(true));
    await userEvent.click(await screen.findByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(selectSnackbar(store.getState())).toMatchObject({
        message: 'Error saving settings. Please try again.',
        severity: 'error',
      }),
    );
  });

  it('opens the login dialog for visitors', async () => {
    const { store } = render('/settings', {}, 'visitor');
    await waitFor(() => expect(selectShowLoginToggle(store.getState())).toBe(true));
  });
});

describe('reset password', () => {
  async function submit(password: string, confirmation: string) {
    if (password) await userEvent.type(screen.getByLabelText('New password'), password);
    if (confirmation)
      await userEvent.type(screen.getByLabelText('Confirm new password'), confirmation);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  }

  it('validates, then sets the new password', async () => {
    render(
      '/reset-password/tok123',
      { 'POST /reset_password': () => ({ data: { ok: true } }) },
      'visitor',
    );
    await submit('', '');
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await submit('a new passphrase', 'another one');
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await submit('', 'a new passphrase');
    expect(
      await screen.findByText('You can now sign in using your new password.'),
    ).toBeInTheDocument();
    expect(api.calls[0]?.body).toEqual({ newPassword: 'a new passphrase', token: 'tok123' });
  });

  it('says when the link expired, and a generic message for other failures', async () => {
    let reason = 'LINK_EXPIRED';
    render(
      '/reset-password/old',
      { 'POST /reset_password': () => ({ status: 400, data: { reason } }) },
      'visitor',
    );
    await submit('a new passphrase', 'a new passphrase');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your password reset link has expired.',
    );
    reason = 'OTHER';
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('There was an error. Please try again.'),
    );
  });

  it('sends signed-in readers home', async () => {
    render('/reset-password/tok', {}, 'free');
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });
});

describe('routes of other remotes', () => {
  it('renders nothing there', () => {
    const { container } = render('/', {}, 'visitor');
    expect(container).toBeEmptyDOMElement();
  });
});

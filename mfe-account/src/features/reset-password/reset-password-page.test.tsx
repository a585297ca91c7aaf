import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readerFixture, renderPage } from '@blogstream/shared/testing';
import { Root } from '../../root';

describe('reset password', () => {
  async function submit(password: string, confirmation: string) {
    if (password) await userEvent.type(screen.getByLabelText('New password'), password);
    if (confirmation)
      await userEvent.type(screen.getByLabelText('Confirm new password'), confirmation);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  }

  it('validates, then sets the new password', async () => {
    const { api } = renderPage(<Root />, {
      route: '/reset-password/tok123',
      reader: null,
      api: { 'POST /reset_password': () => ({ data: { ok: true } }) },
    });
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
    renderPage(<Root />, {
      route: '/reset-password/old',
      reader: null,
      api: { 'POST /reset_password': () => ({ status: 400, data: { reason } }) },
    });
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
    renderPage(<Root />, { route: '/reset-password/tok', reader: readerFixture() });
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });
});

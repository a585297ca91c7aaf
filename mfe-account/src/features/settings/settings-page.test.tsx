import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectShowLoginToggle, selectSnackbar } from '@blogstream/shared/store';
import { readerFixture, renderPage, type MockHandlers } from '@blogstream/shared/testing';
import { Root } from '../../root';

describe('settings', () => {
  let saved: number;
  const handlers = (failSave = false): MockHandlers => ({
    'POST /get_user_settings': () => ({ data: { email_digest_frequency: saved, theme: 'system' } }),
    'POST /save_user_settings': (body) => {
      if (failSave) return { status: 500 };
      const { settings } = body as { settings: { email_digest_frequency?: number } };
      saved = settings.email_digest_frequency ?? saved;
      return { data: { email_digest_frequency: saved, theme: 'system', ...settings } };
    },
  });
  beforeEach(() => {
    saved = 0;
  });

  it('turns the weekly digest on and says it is saved', async () => {
    const { store } = renderPage(<Root />, {
      route: '/settings',
      reader: readerFixture(),
      api: handlers(),
    });
    const select = await screen.findByRole('combobox', { name: 'Digest mail frequency' });
    expect(select).toHaveTextContent('Off');
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'Weekly' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(selectSnackbar(store.getState())?.message).toBe('Settings saved.'));
    expect(saved).toBe(2);
    expect(selectSnackbar(store.getState())?.durationMs).toBe(1000);
  });

  it('saves the digest choice alone, leaving the theme as the top bar set it', async () => {
    const { api } = renderPage(<Root />, {
      route: '/settings',
      reader: readerFixture(),
      api: handlers(),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        key: 'POST /save_user_settings',
        body: { settings: { email_digest_frequency: 0 } },
      }),
    );
  });

  it('shows and saves the theme as soon as it is chosen', async () => {
    delete document.documentElement.dataset.theme;
    const { api } = renderPage(<Root />, {
      route: '/settings',
      reader: readerFixture(),
      api: handlers(),
    });
    const select = await screen.findByRole('combobox', { name: 'Theme' });
    expect(select).toHaveTextContent('System');
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'Dark' }));

    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(select).toHaveTextContent('Dark');
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        key: 'POST /save_user_settings',
        body: { settings: { theme: 'dark' } },
      }),
    );
  });

  it('reports a failed save in the error colour', async () => {
    const { store } = renderPage(<Root />, {
      route: '/settings',
      reader: readerFixture(),
      api: handlers(true),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(selectSnackbar(store.getState())).toMatchObject({
        message: 'Error saving settings. Please try again.',
        severity: 'error',
      }),
    );
  });

  it('opens the login dialog for visitors', async () => {
    const { store } = renderPage(<Root />, { route: '/settings', reader: null });
    await waitFor(() => expect(selectShowLoginToggle(store.getState())).toBe(true));
  });
});

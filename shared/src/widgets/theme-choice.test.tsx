import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserData } from '@blogstream/shared/contract';
import { THEME_STORAGE_KEY, THEME_PREFERENCES } from '@blogstream/shared/contract/browser';
import { selectSnackbar } from '@blogstream/shared/store';
import { readerFixture, renderPage, type MockHandlers } from '@blogstream/shared/testing';
import { THEME_LABELS, useThemeChoice } from '@blogstream/shared/widgets';

function ThemeButtons() {
  const [preference, choose] = useThemeChoice();
  return (
    <>
      <p>Shown: {preference}</p>
      {THEME_PREFERENCES.map((choice) => (
        <button key={choice} type="button" onClick={() => choose(choice)}>
          {THEME_LABELS[choice]}
        </button>
      ))}
    </>
  );
}

const saveHandler: MockHandlers = {
  'POST /save_user_settings': (body) => ({
    data: { email_digest_frequency: 0, ...(body as { settings: object }).settings },
  }),
};

function render(reader: UserData | null, handlers: MockHandlers = saveHandler) {
  return renderPage(<ThemeButtons />, { reader, api: handlers });
}

const shownTheme = () => document.documentElement.dataset.theme;

beforeEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});

describe('theme choice', () => {
  it('follows the system until the reader chooses: nothing is set on the page', () => {
    render(null);
    expect(screen.getByText('Shown: system')).toBeInTheDocument();
    expect(shownTheme()).toBeUndefined();
  });

  it("keeps a visitor's choice in this browser only", async () => {
    const { api } = render(null);

    await userEvent.click(screen.getByRole('button', { name: 'Dark' }));
    expect(shownTheme()).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(screen.getByText('Shown: dark')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'System' }));
    expect(shownTheme()).toBeUndefined();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it("saves a reader's choice with their settings, and alone", async () => {
    const { api } = render(readerFixture());

    await userEvent.click(screen.getByRole('button', { name: 'Light' }));
    expect(shownTheme()).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        key: 'POST /save_user_settings',
        body: { settings: { theme: 'light' } },
      }),
    );
  });

  it('shows a change made elsewhere on the page (another remote)', () => {
    render(null);
    act(() => {
      document.documentElement.dataset.theme = 'dark';
    });
    return waitFor(() => expect(screen.getByText('Shown: dark')).toBeInTheDocument());
  });

  it('keeps the theme on this device and says so when saving it fails', async () => {
    const { store } = render(readerFixture(), {
      'POST /save_user_settings': () => ({ status: 500 }),
    });

    await userEvent.click(screen.getByRole('button', { name: 'Dark' }));
    await waitFor(() =>
      expect(selectSnackbar(store.getState())).toMatchObject({
        message: 'Error saving settings. Please try again.',
        severity: 'error',
      }),
    );
    expect(shownTheme()).toBe('dark');
  });
});

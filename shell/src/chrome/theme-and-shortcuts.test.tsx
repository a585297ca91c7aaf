import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { THEME_STORAGE_KEY } from '@blogstream/shared/contract/browser';
import { signedIn, signedOut } from '@blogstream/shared/store';
import {
  matchEveryMediaQuery,
  mockApi,
  readerFixture,
  renderWithProviders,
  type MockedApi,
} from '@blogstream/shared/testing';
import { Chrome } from './chrome';

let api: MockedApi;
const shownTheme = () => document.documentElement.dataset.theme;

beforeEach(() => {
  document.body.innerHTML = '<div id="shell-page-message"></div><div id="shell-footer"></div>';
  localStorage.clear();
  delete document.documentElement.dataset.theme;
  api = mockApi({
    'POST /check_subscriptions_unseen': () => ({ data: false }),
    'POST /get_user_settings': () => ({ data: { email_digest_frequency: 0, theme: 'dark' } }),
    'POST /save_user_settings': (body) => ({
      data: { email_digest_frequency: 0, ...(body as { settings: object }).settings },
    }),
  });
});
afterEach(async () => {
  await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  api.restore();
});

function renderAsVisitor(route = '/') {
  const rendered = renderWithProviders(<Chrome />, { route });
  act(() => rendered.store.dispatch(signedOut()));
  return rendered;
}

describe('the theme toggle in the top bar', () => {
  it('switches a visitor through System, Light and Dark, kept in this browser', async () => {
    renderAsVisitor();
    const toggle = screen.getByRole('button', { name: 'Theme: System' });

    await userEvent.click(toggle);
    expect(toggle).toHaveAccessibleName('Theme: Light');
    expect(shownTheme()).toBe('light');
    await userEvent.click(toggle);
    expect(toggle).toHaveAccessibleName('Theme: Dark');
    expect(shownTheme()).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    await userEvent.click(toggle);
    expect(toggle).toHaveAccessibleName('Theme: System');
    expect(shownTheme()).toBeUndefined();
    expect(api.calls.map((call) => call.key)).not.toContain('POST /save_user_settings');
  });

  it("shows a signed-in reader's saved theme, and saves their change", async () => {
    const { store } = renderWithProviders(<Chrome />, { route: '/' });
    await act(async () => {
      store.dispatch(signedIn({ user: readerFixture() }));
      await new Promise((resolve) => setTimeout(resolve, 10));
    });

    await waitFor(() => expect(shownTheme()).toBe('dark'));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    await userEvent.click(screen.getByRole('button', { name: 'Theme: Dark' }));
    expect(shownTheme()).toBeUndefined();
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        key: 'POST /save_user_settings',
        body: { settings: { theme: 'system' } },
      }),
    );
  });
});

describe('the keyboard shortcuts of every page', () => {
  it('? opens the list of shortcuts, Escape closes it', async () => {
    renderAsVisitor();

    await userEvent.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const key of ['j', 'k', 'o', 'b', 's', 'm', '/', '?']) {
      expect(within(dialog).getByText(key, { selector: 'kbd' })).toBeInTheDocument();
    }
    expect(within(dialog).getByText('Next article')).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('/ puts the focus in the search box, where / and ? are typed as text', async () => {
    renderAsVisitor('/about/about');

    await userEvent.keyboard('/');
    const search = screen.getByRole('searchbox');
    expect(search).toHaveFocus();
    await userEvent.keyboard('c/c++?');
    expect(search).toHaveValue('c/c++?');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leaves the browser its own shortcuts with Ctrl held', async () => {
    renderAsVisitor();

    await userEvent.keyboard('{Control>}/{/Control}');
    expect(screen.getByRole('searchbox')).not.toHaveFocus();
  });
});

describe('the keyboard shortcuts on a phone-sized screen', () => {
  beforeEach(matchEveryMediaQuery);

  it("moves a reader's theme into the account menu, where it switches in turn", async () => {
    const { store } = renderWithProviders(<Chrome />, { route: '/' });
    await act(async () => {
      store.dispatch(signedIn({ user: readerFixture() }));
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    await waitFor(() => expect(shownTheme()).toBe('dark'));
    expect(screen.queryByRole('button', { name: /^Theme: / })).not.toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: 'Account menu for Ada' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Theme: Dark' }));
    expect(shownTheme()).toBeUndefined();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu for Ada' }));
    expect(await screen.findByRole('menuitem', { name: 'Theme: System' })).toBeInTheDocument();
  });

  it('keeps the theme toggle in the top bar for visitors', () => {
    renderAsVisitor();
    expect(screen.getByRole('button', { name: 'Theme: System' })).toBeInTheDocument();
  });

  it('/ opens the hidden search box and puts the focus in it', async () => {
    renderAsVisitor('/about/about');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();

    await userEvent.keyboard('/');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveFocus();
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  matchEveryMediaQuery,
  mockApi,
  renderWithProviders,
  savedSearchFixture,
  type MockedApi,
} from '@blogstream/shared/testing';
import {
  selectShowTopicsDialog,
  selectShowLoginToggle,
  signedIn,
  signedOut,
  unseenSubscriptionsChecked,
  type AppStore,
} from '@blogstream/shared/store';
import type { UserData } from '@blogstream/shared/contract';
import { Chrome } from './chrome';

const reader = {
  name: 'Ada',
  email: 'ada@example.com',
  account_type: 0 as const,
  userFirstTimeUX: false,
  follows_sources: true,
};

async function signInAs(store: AppStore, user: UserData) {
  // Signing in starts the unseen-subscriptions check; let it answer inside act.
  await act(async () => {
    store.dispatch(signedIn({ user }));
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
}

function setUpPage() {
  document.body.innerHTML = '<div id="shell-page-message"></div><div id="shell-footer"></div>';
}

let api: MockedApi;

describe('shell chrome', () => {
  beforeEach(() => {
    setUpPage();
    api = mockApi({
      'POST /check_subscriptions_unseen': () => ({ data: false }),
      'POST /get_all_topics': () => ({ data: ['Security'] }),
      'POST /get_user_topics': () => ({ data: null }),
      'POST /get_user_settings': () => ({ data: { email_digest_frequency: 0, theme: 'system' } }),
      'POST /get_collections': () => ({
        data: [
          { collection_id: 7, name: 'Databases to read' },
          { collection_id: 9, name: 'Rust' },
        ],
      }),
      'POST /get_saved_searches': () => ({ data: [] }),
    });
  });
  afterEach(async () => {
    // Let the calls a test started (session checks, config) answer inside act.
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    api.restore();
  });

  it('shows Sign In and the footer to visitors, and opens the login dialog', async () => {
    const { store } = renderWithProviders(<Chrome />, { route: '/' });
    act(() => store.dispatch(signedOut()));
    const footer = screen.getByRole('contentinfo');
    for (const link of ['Blog', 'Privacy', 'Terms', 'About', 'Submit blog']) {
      expect(within(footer).getByRole('link', { name: link })).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(selectShowLoginToggle(store.getState())).toBe(true);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('shows neither Sign In nor the drawer while the session is unknown', () => {
    renderWithProviders(<Chrome />, { route: '/' });
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('gives signed-in readers the drawer with a red dot for unseen subscriptions', async () => {
    const { store } = renderWithProviders(<Chrome />, { route: '/' });
    await signInAs(store, reader);
    const drawer = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(drawer).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(drawer).getByRole('link', { name: 'Bookmarks' })).toHaveAttribute(
      'href',
      '/my-bookmarks',
    );
    expect(screen.queryByTestId('unseen-subscriptions-dot')).not.toBeInTheDocument();
    act(() => store.dispatch(unseenSubscriptionsChecked(true)));
    expect(screen.getByTestId('unseen-subscriptions-dot')).toBeInTheDocument();
  });

  it('shows an icon for every drawer entry on the compact rail and its name once opened', async () => {
    const { store } = renderWithProviders(<Chrome />, { route: '/' });
    await signInAs(store, reader);
    act(() => store.dispatch(unseenSubscriptionsChecked(true)));
    const drawer = screen.getByRole('navigation', { name: 'Main navigation' });
    await within(drawer).findByRole('link', { name: 'Rust' });
    const names = ['Home', 'Subscriptions', 'Bookmarks', 'Highlights', 'Databases to read', 'Rust'];
    const label = (name: string) =>
      within(within(drawer).getByRole('link', { name })).getByText(name);
    for (const name of names) {
      const entry = within(drawer).getByRole('link', { name });
      expect(entry.querySelector('svg')).toBeInTheDocument();
      expect(entry).toHaveAttribute('title', name);
      expect(label(name)).toHaveStyle({ opacity: '0' });
    }
    const subscriptions = within(drawer).getByRole('link', { name: 'Subscriptions' });
    expect(within(subscriptions).getByTestId('unseen-subscriptions-dot')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Toggle menu' }));
    for (const name of names) expect(label(name)).not.toHaveStyle({ opacity: '0' });
  });

  it("lists the reader's saved searches with their new matches, and follows one to its search", async () => {
    const vacuum = savedSearchFixture();
    api.restore();
    api = mockApi({
      'POST /check_subscriptions_unseen': () => ({ data: false }),
      'POST /get_collections': () => ({ data: [] }),
      'POST /get_saved_searches': () => ({
        data: [
          vacuum,
          {
            ...vacuum,
            saved_search_id: 5,
            name: 'Raft',
            query: 'raft',
            filter: {},
            new_matches: 0,
          },
          {
            ...vacuum,
            saved_search_id: 6,
            name: 'Kafka',
            query: 'kafka',
            filter: {},
            new_matches: 99,
          },
        ],
      }),
    });
    const user = userEvent.setup();
    const { store } = renderWithProviders(<Chrome />, { route: '/' });
    await signInAs(store, reader);
    const drawer = screen.getByRole('navigation', { name: 'Main navigation' });

    const entry = await within(drawer).findByRole('link', { name: 'Vacuum tutorials, 3 new' });
    expect(entry).toHaveAttribute('href', '/search?searchQuery=vacuum&genre=tutorial');
    expect(within(drawer).getByRole('link', { name: 'Raft' })).toHaveAttribute(
      'href',
      '/search?searchQuery=raft',
    );
    expect(within(drawer).getByRole('link', { name: 'Kafka, 99+ new' })).toBeInTheDocument();

    await user.click(entry);
    expect(`${window.location.pathname}${window.location.search}`).toBe(
      '/search?searchQuery=vacuum&genre=tutorial',
    );
    expect(entry).toHaveAttribute('aria-current', 'page');
    expect(within(drawer).getByRole('link', { name: 'Raft' })).not.toHaveAttribute('aria-current');
  });

  it('hides the drawer on /blog paths', async () => {
    const { store } = renderWithProviders(<Chrome />, { route: '/blog/' });
    await signInAs(store, reader);
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('fills the search box from the query on /search and goes to /search on submit', async () => {
    renderWithProviders(<Chrome />, { route: '/search?searchQuery=rust' });
    const box = screen.getByRole('searchbox', {
      name: 'Search for topics, companies, technologies',
    });
    expect(box).toHaveValue('rust');
    await userEvent.clear(box);
    await userEvent.type(box, 'vector databases{Enter}');
    expect(window.location.pathname).toBe('/search');
    expect(new URLSearchParams(window.location.search).get('searchQuery')).toBe('vector databases');
  });

  it('keeps the search box empty on other routes', () => {
    renderWithProviders(<Chrome />, { route: '/topic/Security' });
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });

  it('says the page was not found on a path no remote owns', () => {
    renderWithProviders(<Chrome />, { route: '/no-such-page' });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('lists the reader’s collections in the drawer', async () => {
    const { store } = renderWithProviders(<Chrome />, { route: '/' });
    await signInAs(store, reader);
    const drawer = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(await within(drawer).findByRole('link', { name: 'Databases to read' })).toHaveAttribute(
      'href',
      '/collection/7',
    );
    expect(within(drawer).getByRole('link', { name: 'Rust' })).toHaveAttribute(
      'href',
      '/collection/9',
    );
  });

  it('gives premium readers the RSS button and everyone My topics on desktop', async () => {
    const { store } = renderWithProviders(<Chrome />, { route: '/' });
    await signInAs(store, { ...reader, account_type: 1 });
    expect(screen.getByRole('link', { name: 'RSS' })).toHaveAttribute('href', '/rss');
    await userEvent.click(screen.getByRole('button', { name: 'My topics' }));
    expect(selectShowTopicsDialog(store.getState())).toBe(true);
  });

  it('shows free readers no RSS button', async () => {
    const { store } = renderWithProviders(<Chrome />, { route: '/' });
    await signInAs(store, reader);
    expect(screen.queryByRole('link', { name: 'RSS' })).not.toBeInTheDocument();
  });

  it('marks unseen subscriptions when the server says so after sign-in', async () => {
    api.restore();
    api = mockApi({ 'POST /check_subscriptions_unseen': () => ({ data: true }) });
    const { store } = renderWithProviders(<Chrome />, { route: '/' });
    await signInAs(store, reader);
    expect(await screen.findByTestId('unseen-subscriptions-dot')).toBeInTheDocument();
  });

  it('tells a reader arriving from the verification link that the e-mail is verified', async () => {
    const { store } = renderWithProviders(<Chrome />, { route: '/?emailVerified=ok' });
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(store.getState().ui.snackbar?.message).toBe(
      'Your e-mail is verified. Sign in to start reading.',
    );
    expect(selectShowLoginToggle(store.getState())).toBe(true);
  });

  it('on a phone, dims the page under the open drawer; a tap outside or Escape closes it', async () => {
    matchEveryMediaQuery();
    const { store } = renderWithProviders(<Chrome />, { route: '/' });
    await signInAs(store, reader);
    const toggle = screen.getByRole('button', { name: 'Toggle menu' });
    expect(screen.queryByTestId('drawer-backdrop')).not.toBeInTheDocument();

    await userEvent.click(toggle);
    await userEvent.click(await screen.findByTestId('drawer-backdrop'));
    expect(screen.queryByTestId('drawer-backdrop')).not.toBeInTheDocument();

    await userEvent.click(toggle);
    expect(await screen.findByTestId('drawer-backdrop')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('drawer-backdrop')).not.toBeInTheDocument();
  });

  it('takes the verification notice away once the reader has signed in', async () => {
    const { store } = renderWithProviders(<Chrome />, { route: '/?emailVerified=ok' });
    expect(
      await screen.findByText('Your e-mail is verified. Sign in to start reading.'),
    ).toBeInTheDocument();
    await signInAs(store, reader);
    expect(
      screen.queryByText('Your e-mail is verified. Sign in to start reading.'),
    ).not.toBeInTheDocument();
  });

  it('reports each route change to the page-view counter only when analytics is on', async () => {
    api.restore();
    let analyticsEnabled = false;
    api = mockApi({
      'GET /public_config': () => ({
        data: {
          siteName: 'Blogstream',
          captcha: { provider: 'altcha', challengeUrl: '/api/captcha/challenge' },
          googleClientId: null,
          analyticsEnabled,
        },
      }),
      'POST /analytics/page_view': () => ({ data: { ok: true } }),
    });
    const views = () => api.calls.filter((call) => call.key === 'POST /analytics/page_view');
    const first = renderWithProviders(<Chrome />, { route: '/topic/UX' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(views()).toHaveLength(0);
    first.unmount();

    analyticsEnabled = true;
    renderWithProviders(<Chrome />, { route: '/about/about' });
    await waitFor(() => expect(views()).toHaveLength(1));
    expect(views()[0]?.body).toEqual({ path: '/about/about' });
  });
});

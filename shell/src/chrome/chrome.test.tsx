import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@blogstream/shared/testing';
import {
  selectShowLoginToggle,
  signedIn,
  signedOut,
  unseenSubscriptionsChecked,
} from '@blogstream/shared/store';
import { Chrome } from './chrome';

const reader = {
  name: 'Ada',
  email: 'ada@example.com',
  account_type: 0 as const,
  userFirstTimeUX: false,
  follows_sources: true,
};

function setUpPage() {
  document.body.innerHTML = '<div id="shell-page-message"></div><div id="shell-footer"></div>';
}

describe('shell chrome', () => {
  beforeEach(setUpPage);

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

  it('gives signed-in readers the drawer with a red dot for unseen subscriptions', () => {
    const { store } = renderWithProviders(<Chrome />, { route: '/' });
    act(() => store.dispatch(signedIn({ user: reader })));
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

  it('hides the drawer on /blog paths', () => {
    const { store } = renderWithProviders(<Chrome />, { route: '/blog/' });
    act(() => store.dispatch(signedIn({ user: reader })));
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
});

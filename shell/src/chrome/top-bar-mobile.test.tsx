import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  matchEveryMediaQuery,
  readerFixture,
  renderWithProviders,
} from '@blogstream/shared/testing';
import { signedIn, signedOut } from '@blogstream/shared/store';
import { TopBar } from './top-bar';

describe('top bar on mobile', () => {
  beforeEach(matchEveryMediaQuery);

  it('opens the search box, labelled Search, with its toggle', async () => {
    const { store } = renderWithProviders(<TopBar onMenuToggle={() => undefined} />, {
      route: '/',
    });
    act(() => store.dispatch(signedOut()));
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show search' }));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
  });

  it('shows visitors Sign In only off the home route', () => {
    const home = renderWithProviders(<TopBar onMenuToggle={() => undefined} />, { route: '/' });
    act(() => home.store.dispatch(signedOut()));
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    home.unmount();
    const topic = renderWithProviders(<TopBar onMenuToggle={() => undefined} />, {
      route: '/topic/UX',
    });
    act(() => topic.store.dispatch(signedOut()));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it("moves 'My topics' into the account menu and hides the RSS button", async () => {
    const { store } = renderWithProviders(<TopBar onMenuToggle={() => undefined} />, {
      route: '/',
    });
    act(() => store.dispatch(signedIn({ user: readerFixture({ account_type: 1 }) })));
    expect(screen.queryByRole('link', { name: 'RSS' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'My topics' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu for Ada' }));
    expect(await screen.findByRole('menuitem', { name: 'My topics' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  });
});

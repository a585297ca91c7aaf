import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@blogstream/shared/testing';
import { Root } from '../../root';

describe('subscriptions screen', () => {
  it('selects the tab named in the URL', () => {
    renderWithProviders(<Root />, { route: '/subscriptions/sources' });
    expect(screen.getByRole('tab', { name: 'Sources' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('The blogs you follow.');
  });

  it('moves the URL with the tab the reader picks', async () => {
    renderWithProviders(<Root />, { route: '/subscriptions/articles' });
    await userEvent.click(screen.getByRole('tab', { name: 'Sources' }));
    expect(window.location.pathname).toBe('/subscriptions/sources');
    expect(screen.getByRole('tab', { name: 'Sources' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('source feed', () => {
  it("greets visitors with 'Blog Posts by'", () => {
    renderWithProviders(<Root />, {
      route: '/source-feed/source/netflix',
      preloadedState: { session: { loggedIn: false, ssoProvider: null, userData: null } },
    });
    expect(screen.getByRole('heading', { name: 'Blog Posts by' })).toBeInTheDocument();
  });
});

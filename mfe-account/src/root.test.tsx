import { screen } from '@testing-library/react';
import { renderWithProviders } from '@blogstream/shared/testing';
import { Root } from './root';

describe('mfe-account routes', () => {
  it('shows the RSS page with its title and subtitle', () => {
    renderWithProviders(<Root />, { route: '/rss' });
    expect(screen.getByRole('heading', { name: 'RSS Feeds' })).toBeInTheDocument();
    expect(screen.getByText('Subscribe to RSS feeds for your topics')).toBeInTheDocument();
  });

  it('shows the settings page', () => {
    renderWithProviders(<Root />, { route: '/settings' });
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument();
  });

  it('renders nothing on routes other remotes own', () => {
    const { container } = renderWithProviders(<Root />, { route: '/' });
    expect(container).toBeEmptyDOMElement();
  });
});

import { screen } from '@testing-library/react';
import { renderWithProviders } from '@blogstream/shared/testing';
import { Root } from './root';

describe('mfe-feed routes', () => {
  it('titles the search page with the query', () => {
    renderWithProviders(<Root />, { route: '/search?searchQuery=kafka%20streams' });
    expect(screen.getByRole('heading', { name: 'Search / kafka streams' })).toBeInTheDocument();
    expect(document.title).toBe('Search / kafka streams | Blogstream');
  });

  it('names the topic of a topic page in its title', () => {
    renderWithProviders(<Root />, { route: '/topic/Security' });
    expect(screen.getByRole('heading', { name: 'Topics / Security' })).toBeInTheDocument();
    expect(document.title).toBe('Security Blogs | Blogstream');
  });

  it('shows the bookmarks page under its title', () => {
    renderWithProviders(<Root />, { route: '/my-bookmarks' });
    expect(screen.getByRole('heading', { name: 'Bookmarks' })).toBeInTheDocument();
  });

  it('renders nothing on routes other remotes own', () => {
    const { container } = renderWithProviders(<Root />, { route: '/settings' });
    expect(container).toBeEmptyDOMElement();
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@blogstream/shared/testing';
import { selectShowLoginToggle } from '@blogstream/shared/store';
import { Root } from '../../root';

describe('landing page', () => {
  it('opens the login dialog in the shared store when the visitor presses Start Reading', async () => {
    const { store } = renderWithProviders(<Root />, { route: '/' });
    expect(selectShowLoginToggle(store.getState())).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Start Reading' }));
    expect(selectShowLoginToggle(store.getState())).toBe(true);
  });

  it('links each landing topic to its topic page', () => {
    renderWithProviders(<Root />, { route: '/' });
    expect(screen.getByRole('link', { name: 'AI & Machine Learning' })).toHaveAttribute(
      'href',
      '/topic/AI%20%26%20Machine%20Learning',
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
  });
});

describe('static pages', () => {
  it('shows the privacy policy with its effective date', () => {
    renderWithProviders(<Root />, { route: '/about/privacy' });
    expect(screen.getByRole('heading', { name: 'Privacy policy' })).toBeInTheDocument();
    expect(screen.getByText('Effective date: 5 October 2020.')).toBeInTheDocument();
    expect(document.title).toBe('Privacy policy | Blogstream');
  });

  it('renders nothing on routes other remotes own', () => {
    const { container } = renderWithProviders(<Root />, { route: '/search' });
    expect(container).toBeEmptyDOMElement();
  });
});

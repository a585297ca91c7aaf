import { screen } from '@testing-library/react';
import { clientPath } from '@blogstream/shared/contract/browser';
import { renderWithProviders } from '@blogstream/shared/testing';
import { Root } from './root';

// Each page's behaviour is tested beside it (features/*/*.test.tsx).
describe('the routes mfe-static owns', () => {
  it.each([
    [clientPath('landing'), 'Start Reading'],
    [clientPath('privacy'), 'Privacy policy'],
    [clientPath('terms'), 'Terms of service'],
    [clientPath('about'), 'About'],
    [clientPath('submitBlog'), 'Submit blog'],
    [clientPath('blogRoot'), 'The Blogstream blog'],
    [clientPath('blog'), 'The Blogstream blog'],
    [clientPath('blog', { '*': 'how-search-works' }), 'How search works'],
  ])('shows its page at %s', (route, text) => {
    renderWithProviders(<Root />, { route });
    expect(screen.getAllByText(text)[0]).toBeInTheDocument();
  });

  it('renders nothing on the routes of other remotes', () => {
    const { container } = renderWithProviders(<Root />, { route: clientPath('search') });
    expect(container).toBeEmptyDOMElement();
  });
});

import { screen } from '@testing-library/react';
import { clientPath } from '@blogstream/shared/contract/browser';
import { readerFixture, renderWithProviders } from '@blogstream/shared/testing';
import { Root } from './root';

// Each page's behaviour is tested beside it (features/*/*-page.test.tsx).
describe('the routes mfe-feed owns', () => {
  it.each([
    [clientPath('search', { searchQuery: 'raft' }), 'Search / raft'],
    [clientPath('moreLikeThis', { articleId: 1 }), 'More like this'],
    [clientPath('bookmarks'), 'Bookmarks'],
    [clientPath('topic', { topic: 'UX' }), 'Topics / UX'],
    [clientPath('collection', { collectionId: 7 }), 'Collection'],
  ])('shows its page at %s', async (route, heading) => {
    renderWithProviders(<Root />, { route, reader: readerFixture() });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('shows the home feed at /', () => {
    renderWithProviders(<Root />, { route: clientPath('home'), reader: readerFixture() });
    expect(screen.getByRole('group', { name: 'Topics' })).toBeInTheDocument();
  });

  it('renders nothing on the routes of other remotes', () => {
    const { container } = renderWithProviders(<Root />, { route: clientPath('settings') });
    expect(container).toBeEmptyDOMElement();
  });
});

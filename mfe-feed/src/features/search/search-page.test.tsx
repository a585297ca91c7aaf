import { screen } from '@testing-library/react';
import { messages } from '@blogstream/shared/lib';
import {
  articleFixture,
  mockApi,
  renderWithProviders,
  type MockedApi,
} from '@blogstream/shared/testing';
import { Root } from '../../root';

let api: MockedApi;
afterEach(() => api.restore());

describe('search', () => {
  it('titles the search page with the query and searches for it', async () => {
    api = mockApi({ 'POST /search': () => ({ data: [articleFixture(3, 'Kafka at scale')] }) });
    renderWithProviders(<Root />, { route: '/search?searchQuery=kafka%20streams' });
    expect(screen.getByRole('heading', { name: 'Search / kafka streams' })).toBeInTheDocument();
    expect(document.title).toBe('Search / kafka streams | Blogstream');
    expect(await screen.findByText('Kafka at scale')).toBeInTheDocument();
    expect(api.calls.find((call) => call.key === 'POST /search')?.body).toEqual({
      queryData: 'kafka streams',
      offset: 0,
      limit: 12,
    });
  });

  it('suggests other words when nothing matches', async () => {
    api = mockApi({ 'POST /search': () => ({ data: [] }) });
    renderWithProviders(<Root />, { route: '/search?searchQuery=zzzz' });
    expect(await screen.findByText(messages.searchEmptyHint)).toBeInTheDocument();
  });

  it('asks the server nothing without a query', () => {
    api = mockApi({});
    renderWithProviders(<Root />, { route: '/search?searchQuery=%20' });
    expect(screen.getByRole('heading', { name: 'Search /' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});

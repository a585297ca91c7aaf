import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { articleFixture, renderPage, renderWithProviders } from '@blogstream/shared/testing';
import { selectShowLoginToggle } from '@blogstream/shared/store';
import { Root } from '../../root';

describe('landing page', () => {
  it('opens the login dialog in the shared store when the visitor presses Start Reading', async () => {
    const { store } = renderWithProviders(<Root />, { route: '/' });
    expect(selectShowLoginToggle(store.getState())).toBe(false);
    const [heroButton] = screen.getAllByRole('button', { name: 'Start Reading' });
    await userEvent.click(heroButton!);
    expect(selectShowLoginToggle(store.getState())).toBe(true);
  });

  it('links each landing topic to its topic page', () => {
    renderWithProviders(<Root />, { route: '/' });
    expect(screen.getByRole('link', { name: 'AI & Machine Learning' })).toHaveAttribute(
      'href',
      '/topic/AI%20%26%20Machine%20Learning',
    );
    const topics = screen.getByRole('region', { name: 'Explore topics' });
    expect(within(topics).getAllByRole('listitem')).toHaveLength(10);
  });
});

describe('landing demos and search', () => {
  it('shows two real articles as the summary and find-similar demos', async () => {
    const { api } = renderPage(<Root />, {
      route: '/',
      api: {
        'POST /dig_deeper_article': () => ({
          data: [articleFixture(1, 'Demo 1'), articleFixture(2, 'Demo 2')],
        }),
      },
    });
    expect(await screen.findByRole('article', { name: 'Demo 1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find similar ones' })).toHaveAttribute(
      'href',
      '/more-like-this?articleId=2',
    );
    expect(api.calls.find((call) => call.key === 'POST /dig_deeper_article')?.body).toEqual({
      n_articles: 2,
    });
  });

  it('searches from the landing page and offers hints', async () => {
    renderWithProviders(<Root />, { route: '/' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search articles' }), 'raft{Enter}');
    expect(window.location.search).toBe('?searchQuery=raft');
  });
});

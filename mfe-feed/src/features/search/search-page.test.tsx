import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@blogstream/shared/lib';
import { articleFixture, renderPage } from '@blogstream/shared/testing';
import { Root } from '../../root';

describe('search', () => {
  it('titles the search page with the query and searches for it', async () => {
    const { api } = renderPage(<Root />, {
      route: '/search?searchQuery=kafka%20streams',
      api: { 'POST /search': () => ({ data: [articleFixture(3, 'Kafka at scale')] }) },
    });
    expect(screen.getByRole('heading', { name: 'Search / kafka streams' })).toBeInTheDocument();
    expect(document.title).toBe('Search / kafka streams | Blogstream');
    expect(await screen.findByText('Kafka at scale')).toBeInTheDocument();
    expect(api.calls.find((call) => call.key === 'POST /search')?.body).toEqual({
      queryData: 'kafka streams',
      offset: 0,
      limit: 12,
    });
  });

  it('offline, says that search needs a connection rather than that nothing matched', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage(<Root />, {
      route: '/search?searchQuery=kafka',
      api: {
        'POST /search': () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    expect(
      await screen.findByText('Search needs a connection. Try again once you are back online.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(messages.feedEmpty)).not.toBeInTheDocument();
    expect(screen.queryByText(messages.searchEmptyHint)).not.toBeInTheDocument();
    log.mockRestore();
  });

  it('a genre pill keeps the results of that kind, and each card names its kind', async () => {
    const tutorial = { ...articleFixture(4, 'Kafka from scratch'), genre: 'tutorial' as const };
    const user = userEvent.setup();
    const { api } = renderPage(<Root />, {
      route: '/search?searchQuery=kafka',
      api: {
        'POST /search': (body) => ({
          data: (body as { genre?: string }).genre
            ? [tutorial]
            : [articleFixture(3, 'Kafka at scale'), tutorial],
        }),
      },
    });
    expect(await screen.findByText('Kafka at scale')).toBeInTheDocument();
    const kinds = screen.getByRole('group', { name: 'Kind of post' });
    expect(within(kinds).getByRole('button', { name: 'Any kind' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(within(kinds).getByRole('button', { name: 'Tutorials' }));

    expect(await screen.findByRole('article', { name: 'Kafka from scratch' })).toBeInTheDocument();
    expect(screen.queryByText('Kafka at scale')).not.toBeInTheDocument();
    expect(within(kinds).getByRole('button', { name: 'Tutorials' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The card names its kind.
    expect(screen.getByRole('article', { name: 'Kafka from scratch' })).toHaveTextContent(
      'Tutorial',
    );
    expect(api.calls.filter((call) => call.key === 'POST /search').at(-1)?.body).toEqual({
      queryData: 'kafka',
      offset: 0,
      limit: 12,
      genre: 'tutorial',
    });
  });

  it('a date range pill keeps the articles of that period and the address keeps the range', async () => {
    const weekAgo = new Date(Date.now() - 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const recent = articleFixture(5, 'Kafka this week');
    const user = userEvent.setup();
    const { api } = renderPage(<Root />, {
      route: '/search?searchQuery=kafka',
      api: {
        'POST /search': (body) => ({
          data: (body as { from?: string }).from
            ? [recent]
            : [articleFixture(3, 'Kafka in 2019'), recent],
        }),
      },
    });
    expect(await screen.findByText('Kafka in 2019')).toBeInTheDocument();
    const published = screen.getByRole('group', { name: 'Published' });
    expect(within(published).getByRole('button', { name: 'Any time' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(within(published).getByRole('button', { name: 'Past week' }));

    expect(await screen.findByRole('article', { name: 'Kafka this week' })).toBeInTheDocument();
    expect(screen.queryByText('Kafka in 2019')).not.toBeInTheDocument();
    expect(within(published).getByRole('button', { name: 'Past week' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(new URLSearchParams(window.location.search).get('from')).toBe(weekAgo);
    expect(api.calls.filter((call) => call.key === 'POST /search').at(-1)?.body).toEqual({
      queryData: 'kafka',
      offset: 0,
      limit: 12,
      from: weekAgo,
    });

    await user.click(within(published).getByRole('button', { name: 'Any time' }));
    expect(await screen.findByText('Kafka in 2019')).toBeInTheDocument();
    expect(new URLSearchParams(window.location.search).has('from')).toBe(false);
  });

  it("a link's own dates show as the range's pill", async () => {
    const { api } = renderPage(<Root />, {
      route: '/search?searchQuery=kafka&from=2024-01-01&to=2024-03-31',
      api: { 'POST /search': () => ({ data: [articleFixture(3, 'Kafka at scale')] }) },
    });
    expect(await screen.findByText('Kafka at scale')).toBeInTheDocument();
    const published = screen.getByRole('group', { name: 'Published' });
    expect(
      within(published).getByRole('button', { name: '2024-01-01 to 2024-03-31' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(api.calls.at(-1)?.body).toMatchObject({ from: '2024-01-01', to: '2024-03-31' });
  });

  it('asks for every date when the address names a day that does not exist', async () => {
    const { api } = renderPage(<Root />, {
      route: '/search?searchQuery=kafka&from=2024-02-30',
      api: { 'POST /search': () => ({ data: [articleFixture(3, 'Kafka at scale')] }) },
    });
    expect(await screen.findByText('Kafka at scale')).toBeInTheDocument();
    expect(api.calls.at(-1)?.body).not.toHaveProperty('from');
  });

  it("a card's Only <source> keeps that blog's articles, shown as a chip that lifts it", async () => {
    const elsewhere = {
      ...articleFixture(3, 'Kafka at Acme'),
      source_name: 'Acme Tech',
      source_url_name: 'acme-tech',
    };
    const ours = articleFixture(4, 'Kafka at Example');
    const user = userEvent.setup();
    const { api } = renderPage(<Root />, {
      route: '/search?searchQuery=kafka',
      api: {
        'POST /search': (body) => ({
          data:
            (body as { source?: string }).source === 'acme-tech' ? [elsewhere] : [elsewhere, ours],
        }),
      },
    });
    const card = await screen.findByRole('article', { name: 'Kafka at Acme' });
    expect(screen.queryByRole('group', { name: 'Blog' })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Only Acme Tech' }));

    await waitFor(() => expect(screen.queryByText('Kafka at Example')).not.toBeInTheDocument());
    expect(await screen.findByRole('article', { name: 'Kafka at Acme' })).toBeInTheDocument();
    expect(new URLSearchParams(window.location.search).get('source')).toBe('acme-tech');
    expect(api.calls.filter((call) => call.key === 'POST /search').at(-1)?.body).toEqual({
      queryData: 'kafka',
      offset: 0,
      limit: 12,
      source: 'acme-tech',
    });
    const chip = within(screen.getByRole('group', { name: 'Blog' })).getByRole('button', {
      name: 'Only Acme Tech: show every blog',
    });

    await user.click(chip);
    expect(await screen.findByText('Kafka at Example')).toBeInTheDocument();
    expect(new URLSearchParams(window.location.search).has('source')).toBe(false);
    expect(screen.queryByRole('group', { name: 'Blog' })).not.toBeInTheDocument();
  });

  it("a shared link's blog shows as a chip by its url name", async () => {
    const { api } = renderPage(<Root />, {
      route: '/search?searchQuery=kafka&source=acme-tech',
      api: { 'POST /search': () => ({ data: [articleFixture(3, 'Kafka at scale')] }) },
    });
    expect(await screen.findByText('Kafka at scale')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Only acme-tech: show every blog' }),
    ).toBeInTheDocument();
    expect(api.calls.at(-1)?.body).toMatchObject({ source: 'acme-tech' });
  });

  it('suggests other words when nothing matches', async () => {
    renderPage(<Root />, {
      route: '/search?searchQuery=zzzz',
      api: { 'POST /search': () => ({ data: [] }) },
    });
    expect(await screen.findByText(messages.searchEmptyHint)).toBeInTheDocument();
  });

  it('asks the server nothing without a query', () => {
    const { api } = renderPage(<Root />, { route: '/search?searchQuery=%20' });
    expect(screen.getByRole('heading', { name: 'Search /' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});

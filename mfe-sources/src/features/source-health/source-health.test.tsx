import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SourceHealth, SourcesHealthResponse } from '@blogstream/shared/contract';
import { clientPath } from '@blogstream/shared/contract/browser';
import { timeAgo } from '@blogstream/shared/lib';
import {
  mockApi,
  renderPage,
  renderWithProviders,
  type MockedApi,
} from '@blogstream/shared/testing';
import { Root } from '../../root';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

function health(fields: Partial<SourceHealth> & Pick<SourceHealth, 'url_name' | 'long_name'>) {
  return {
    source_id: 4,
    logo_file: `${fields.url_name}.svg`,
    feed_url: `https://${fields.url_name}.example/feed.xml`,
    site_url: `https://${fields.url_name}.example/`,
    status: 'ok',
    last_success_at: daysAgo(2),
    last_fetched_at: daysAgo(2),
    last_error: null,
    consecutive_failures: 0,
    articles_last_90_days: 26,
    posts_per_week: 2,
    latest_article_at: daysAgo(3),
    ...fields,
  } satisfies SourceHealth;
}

const netflix = health({ url_name: 'netflix', long_name: 'Netflix Engineering' });
const gone = health({
  source_id: 5,
  url_name: 'gone',
  long_name: 'Gone Blog',
  status: 'dead',
  last_success_at: null,
  last_error: { code: 'HTTP_404', message: 'the server answered 404', http_status: 404 },
  consecutive_failures: 40,
  articles_last_90_days: 0,
  posts_per_week: 0,
  latest_article_at: daysAgo(100),
});
const overview: SourcesHealthResponse = {
  dead_after_days: 30,
  totals: { ok: 1, failing: 0, dead: 1, pending: 0 },
  sources: [gone, netflix],
};

let api: MockedApi;

function sourcePage(sourceHealth: SourceHealth | null) {
  api = mockApi({
    'POST /source_info': () => ({
      data: {
        source_id: 4,
        url_name: sourceHealth?.url_name ?? 'netflix',
        name: 'Netflix',
        long_name: 'Netflix Engineering',
        logo_file: '4.svg',
        following: false,
        related_sources: [],
      },
    }),
    'POST /source_feed/4': () => ({ data: [] }),
    'GET /source_health/netflix': () =>
      sourceHealth ? { data: sourceHealth } : { status: 500, data: {} },
    'GET /source_health/gone': () => ({ data: sourceHealth }),
  });
}

describe('source health on a source page', () => {
  it('shows status, last successful fetch, frequency, 90-day count and feed URL', async () => {
    sourcePage(netflix);
    renderWithProviders(<Root />, { route: clientPath('sourceById', { sourceId: 4 }) });
    const region = within(await screen.findByRole('region', { name: 'Source health' }));
    expect(region.getByText('OK')).toBeInTheDocument();
    expect(region.getByText('Last successful fetch').nextElementSibling).toHaveTextContent(
      '2 days ago',
    );
    expect(region.getByText('Posting frequency').nextElementSibling).toHaveTextContent('2 a week');
    expect(region.getByText('Articles in the last 90 days').nextElementSibling).toHaveTextContent(
      '26',
    );
    expect(region.getByRole('link', { name: 'https://netflix.example/feed.xml' })).toHaveAttribute(
      'href',
      'https://netflix.example/feed.xml',
    );
    expect(region.getByRole('link', { name: 'Health of all sources' })).toHaveAttribute(
      'href',
      '/sources/health',
    );
    // The health is asked for by the source's url name, even on the page by id.
    expect(api.calls.map((call) => call.key)).toContain('GET /source_health/netflix');
  });

  it('keeps the health closed under a one-line summary, so the articles lead the page', async () => {
    sourcePage(netflix);
    renderWithProviders(<Root />, { route: clientPath('sourceById', { sourceId: 4 }) });
    const section = await screen.findByRole('region', { name: 'Source health' });
    const details = section.querySelector('details')!;
    expect(details).not.toHaveAttribute('open');
    expect(within(section).getByText('Source health').closest('summary')).toHaveTextContent(
      'Source healthOK',
    );
    await userEvent.click(within(section).getByText('Source health'));
    expect(details).toHaveAttribute('open');
  });

  it('names a dead source and its last error', async () => {
    sourcePage(gone);
    renderWithProviders(<Root />, {
      route: clientPath('sourceByUrlName', { sourceUrlName: 'gone' }),
    });
    const section = await screen.findByRole('region', { name: 'Source health' });
    expect(within(section).getByText('Dead')).toBeInTheDocument();
    expect(within(section).getByText('Last error').nextElementSibling).toHaveTextContent(
      'HTTP_404 the server answered 404',
    );
    expect(within(section).getByText('Last successful fetch').nextElementSibling).toHaveTextContent(
      'Never',
    );
  });

  it('says when the latest post was in the words of the article cards, not "no posts"', async () => {
    sourcePage(gone);
    renderWithProviders(<Root />, {
      route: clientPath('sourceByUrlName', { sourceUrlName: 'gone' }),
    });
    const section = await screen.findByRole('region', { name: 'Source health' });
    // An article card of that day says '3 months ago' too.
    expect(timeAgo(daysAgo(100))).toBe('3 months ago');
    expect(within(section).getByText('Posting frequency').nextElementSibling).toHaveTextContent(
      'None lately: the latest post was 3 months ago',
    );
  });

  it('leaves the section out when the health cannot be loaded', async () => {
    sourcePage(null);
    renderWithProviders(<Root />, { route: clientPath('sourceById', { sourceId: 4 }) });
    expect(await screen.findByRole('heading', { name: /Netflix Engineering/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Source health' })).not.toBeInTheDocument();
  });
});

describe('the source health overview', () => {
  it('lists every source with its status and links to its page, filtered by status', async () => {
    renderPage(<Root />, {
      route: clientPath('sourcesHealth'),
      api: { 'GET /sources_health': () => ({ data: overview }) },
    });
    expect(screen.getByRole('heading', { name: 'Source health' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Health of each source' });
    expect(document.title).toBe('Source health | Blogstream');
    expect(screen.getByText(/every fetch failed for 30 days is dead/)).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Gone Blog',
      'Netflix Engineering',
    ]);
    expect(within(rows[0]!).getByText('Dead')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('HTTP_404')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Netflix Engineering' })).toHaveAttribute(
      'href',
      '/source-feed/source/netflix',
    );
    expect(within(rows[1]!).getByText('2 a week')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Dead (1)' }));
    expect(screen.getByRole('button', { name: 'Dead (1)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).queryByText('Netflix Engineering')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'All (2)' }));
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('says so when the overview cannot be loaded', async () => {
    renderPage(<Root />, {
      route: clientPath('sourcesHealth'),
      api: { 'GET /sources_health': () => ({ status: 500, data: {} }) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Source health could not be loaded.',
    );
  });
});

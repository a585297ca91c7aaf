import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectShowLoginToggle, selectSnackbar } from '@blogstream/shared/store';
import { readerFixture, renderPage } from '@blogstream/shared/testing';
import { Root } from '../../root';

const premium = readerFixture({ account_type: 1 });
const feeds = [
  { name: 'All my topics', url: 'http://localhost/rss/discover_feed?token=abc' },
  { topic: 'Databases', url: 'http://localhost/rss/topic/Databases?token=abc' },
];

describe('RSS', () => {
  it('lists premium feeds and copies a URL with a 3-second snackbar', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    const { store } = renderPage(<Root />, {
      route: '/rss',
      reader: premium,
      api: { 'GET /rss/available-feeds': () => ({ data: feeds }) },
    });
    expect(screen.getByRole('heading', { name: 'RSS Feeds' })).toBeInTheDocument();
    expect(screen.getByText('Subscribe to RSS feeds for your topics')).toBeInTheDocument();
    expect(await screen.findByText('Databases')).toBeInTheDocument();
    expect(screen.getByText('http://localhost/rss/topic/Databases?token=abc')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open All my topics feed' })).toHaveAttribute(
      'target',
      '_blank',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Copy Databases feed URL' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost/rss/topic/Databases?token=abc');
    expect(selectSnackbar(store.getState())).toMatchObject({
      message: 'RSS URL copied to clipboard!',
      durationMs: 3000,
    });
  });

  it('says when no feeds are available', async () => {
    renderPage(<Root />, {
      route: '/rss',
      reader: premium,
      api: { 'GET /rss/available-feeds': () => ({ data: [] }) },
    });
    expect(await screen.findByRole('heading', { name: 'No Feeds Available' })).toBeInTheDocument();
    expect(screen.getByText('No RSS feeds are currently available')).toBeInTheDocument();
  });

  it('explains premium to free readers instead', () => {
    const { api } = renderPage(<Root />, { route: '/rss', reader: readerFixture() });
    expect(screen.getByText(/RSS feeds are part of the premium account/)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('opens the login dialog for visitors', async () => {
    const { store } = renderPage(<Root />, { route: '/rss', reader: null });
    await waitFor(() => expect(selectShowLoginToggle(store.getState())).toBe(true));
    expect(screen.queryByRole('list', { name: 'RSS feeds' })).not.toBeInTheDocument();
  });
});

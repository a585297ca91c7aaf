import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  makeStore,
  selectShowLoginToggle,
  selectUserHasUnseenSubscriptions,
  unseenSubscriptionsChecked,
} from '@blogstream/shared/store';
import { readerFixture, renderPage, type MockHandlers } from '@blogstream/shared/testing';
import { Root } from '../../root';

function source(id: number, name: string, following = false) {
  return {
    source_id: id,
    url_name: name.toLowerCase(),
    name,
    long_name: `${name} Engineering`,
    logo_file: `${id}.svg`,
    following,
  };
}

const follower = readerFixture({ follows_sources: true });
const recommended = [1, 2, 3, 4, 5, 6, 7].map((id) => source(id, `Blog${id}`));
const handlers: MockHandlers = {
  'POST /update_subscriptions_seen': () => ({ data: { ok: true } }),
  'POST /get_recommended_sources': () => ({ data: recommended }),
  'POST /sources': () => ({ data: [source(1, 'Blog1'), source(9, 'Followed', true)] }),
  'POST /subscriptions_feed': () => ({ data: [] }),
};

describe('subscriptions', () => {
  it('clears the unseen dot once the screen is opened', async () => {
    const store = makeStore();
    store.dispatch(unseenSubscriptionsChecked(true));
    const { api } = renderPage(<Root />, {
      route: '/subscriptions/articles',
      store,
      reader: follower,
      api: handlers,
    });
    await waitFor(() => expect(selectUserHasUnseenSubscriptions(store.getState())).toBe(false));
    expect(api.calls.map((call) => call.key)).toContain('POST /update_subscriptions_seen');
  });

  it('asks visitors to sign in', async () => {
    const { store } = renderPage(<Root />, {
      route: '/subscriptions/articles',
      reader: null,
      api: handlers,
    });
    expect(screen.getByRole('heading', { name: 'Subscriptions' })).toBeInTheDocument();
    await waitFor(() => expect(selectShowLoginToggle(store.getState())).toBe(true));
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('points readers who follow nothing to the Sources tab', async () => {
    renderPage(<Root />, {
      route: '/subscriptions/articles',
      reader: readerFixture(),
      api: handlers,
    });
    expect(await screen.findByText(/Let's find you some blogs to follow\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Browse sources' }));
    expect(window.location.pathname).toBe('/subscriptions/sources');
    expect(screen.getByRole('tab', { name: 'Sources' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows followers their subscriptions feed', async () => {
    const { api } = renderPage(<Root />, {
      route: '/subscriptions/articles',
      reader: follower,
      api: handlers,
    });
    expect(await screen.findByText('Nothing here yet.')).toBeInTheDocument();
    expect(api.calls.map((call) => call.key)).toContain('POST /subscriptions_feed');
  });

  it('lists 3 recommended sources with Show more, and all subscribed ones', async () => {
    renderPage(<Root />, { route: '/subscriptions/sources', reader: follower, api: handlers });
    const list = within(await screen.findByRole('list', { name: 'Recommended' }));
    expect(list.getAllByRole('listitem')).toHaveLength(3);
    expect(list.getByRole('link', { name: 'Blog1' })).toHaveAttribute('href', '/source-feed/1');
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(list.getAllByRole('listitem')).toHaveLength(6);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(list.getAllByRole('listitem')).toHaveLength(7);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recommended' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Subscribed' })).toBeInTheDocument();
    const subscribed = within(await screen.findByRole('list', { name: 'Subscribed' }));
    expect(subscribed.getAllByRole('listitem')).toHaveLength(1);
    expect(subscribed.getByRole('button', { name: 'Subscribed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Source health' })).toHaveAttribute(
      'href',
      '/sources/health',
    );
  });

  it('shows no Recommended or Subscribed heading over an empty list', async () => {
    const { api } = renderPage(<Root />, {
      route: '/subscriptions/sources',
      reader: follower,
      api: {
        ...handlers,
        'POST /get_recommended_sources': () => ({ data: [] }),
        'POST /sources': () => ({ data: [source(1, 'Blog1')] }),
      },
    });
    await waitFor(() =>
      expect(api.calls.map((call) => call.key)).toEqual(
        expect.arrayContaining(['POST /get_recommended_sources', 'POST /sources']),
      ),
    );
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: 'Loading sources' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('heading', { name: 'Recommended' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Subscribed' })).not.toBeInTheDocument();
  });

  it('moves the URL with the tab the reader picks', async () => {
    renderPage(<Root />, {
      route: '/subscriptions/articles',
      reader: readerFixture(),
      api: handlers,
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Sources' }));
    expect(window.location.pathname).toBe('/subscriptions/sources');
    expect(screen.getByRole('tab', { name: 'Sources' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Articles' }));
    expect(window.location.pathname).toBe('/subscriptions/articles');
  });
});

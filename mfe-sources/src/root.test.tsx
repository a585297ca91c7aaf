import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  mockApi,
  renderWithProviders,
  type MockHandlers,
  type MockedApi,
} from '@blogstream/shared/testing';
import {
  selectShowLoginToggle,
  selectUserHasUnseenSubscriptions,
  signedIn,
  signedOut,
  unseenSubscriptionsChecked,
} from '@blogstream/shared/store';
import { Root } from './root';

class QuietIntersectionObserver {
  observe() {}
  disconnect() {}
}

function reader(followsSources: boolean) {
  return {
    name: 'Ada',
    email: 'ada@example.com',
    account_type: 0 as const,
    userFirstTimeUX: false,
    follows_sources: followsSources,
  };
}

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

let api: MockedApi;
beforeEach(() => Object.assign(window, { IntersectionObserver: QuietIntersectionObserver }));
afterEach(() => api.restore());

function render(route: string, handlers: MockHandlers, who: 'visitor' | 'reader' | 'follower') {
  api = mockApi(handlers);
  const rendered = renderWithProviders(<Root />, { route });
  act(() => {
    rendered.store.dispatch(
      who === 'visitor' ? signedOut() : signedIn({ user: reader(who === 'follower') }),
    );
  });
  return rendered;
}

describe('source feed', () => {
  let following: boolean;
  const uber = { url_name: 'uber', long_name: 'Uber Engineering', logo_file: 'uber.svg' };
  const handlers = (relatedSources = [uber]): MockHandlers => ({
    'POST /source_info': () => ({
      data: { ...source(4, 'Netflix', following), related_sources: relatedSources },
    }),
    'POST /source_feed/4': () => ({ data: [] }),
    'POST /follow_source': () => {
      following = true;
      return { data: { following: true } };
    },
    'POST /unfollow_source': () => {
      following = false;
      return { data: { following: false } };
    },
    'GET /check_logged_in': () => ({ data: reader(following) }),
  });
  beforeEach(() => {
    following = false;
  });

  it("greets visitors with 'Blog Posts by' and asks them to sign in to subscribe", async () => {
    const { store } = render('/source-feed/source/netflix', handlers(), 'visitor');
    expect(
      await screen.findByRole('heading', { name: /Blog Posts by\s*Netflix Engineering/ }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Netflix Engineering | Blogstream');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(selectShowLoginToggle(store.getState())).toBe(true);
    expect(screen.getByRole('link', { name: 'Uber Engineering' })).toHaveAttribute(
      'href',
      '/source-feed/source/uber',
    );
  });

  it('subscribes and unsubscribes a reader after the server agrees', async () => {
    render('/source-feed/4', handlers(), 'reader');
    expect(
      await screen.findByRole('heading', { name: /Posts by\s*Netflix Engineering/ }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribed' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    expect(api.calls.map((call) => call.key)).toEqual(
      expect.arrayContaining(['POST /follow_source', 'POST /unfollow_source']),
    );
  });

  it("heads the related blogs 'Related engineering blogs' and wraps their names between words", async () => {
    render('/source-feed/4', handlers(), 'reader');
    const heading = await screen.findByRole('heading', { name: 'Related engineering blogs' });
    const name = within(heading.closest('section')!).getByText('Uber Engineering');
    expect(name).toHaveAttribute('title', 'Uber Engineering');
    expect(name).toHaveStyle({ overflowWrap: 'normal', wordBreak: 'normal' });
  });

  it('shows no related-blogs heading when the source has no related blogs', async () => {
    render('/source-feed/4', handlers([]), 'reader');
    expect(await screen.findByRole('heading', { name: /Netflix Engineering/ })).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'Related engineering blogs' }),
    ).not.toBeInTheDocument();
  });

  it("says 'Source not found.' when it cannot be loaded", async () => {
    render('/source-feed/source/nope', { 'POST /source_info': () => ({ status: 404 }) }, 'visitor');
    expect(await screen.findByRole('alert')).toHaveTextContent('Source not found.');
  });
});

describe('subscriptions', () => {
  const recommended = [1, 2, 3, 4, 5, 6, 7].map((id) => source(id, `Blog${id}`));
  const handlers: MockHandlers = {
    'POST /update_subscriptions_seen': () => ({ data: { ok: true } }),
    'POST /get_recommended_sources': () => ({ data: recommended }),
    'POST /sources': () => ({ data: [source(1, 'Blog1'), source(9, 'Followed', true)] }),
    'POST /subscriptions_feed': () => ({ data: [] }),
  };

  it('clears the unseen dot once the screen is opened', async () => {
    const { store } = render('/subscriptions/articles', handlers, 'follower');
    act(() => store.dispatch(unseenSubscriptionsChecked(true)));
    await waitFor(() => expect(selectUserHasUnseenSubscriptions(store.getState())).toBe(false));
  });

  it('points readers who follow nothing to the Sources tab', async () => {
    render('/subscriptions/articles', handlers, 'reader');
    expect(await screen.findByText(/Let's find you some blogs to follow\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Browse sources' }));
    expect(window.location.pathname).toBe('/subscriptions/sources');
    expect(screen.getByRole('tab', { name: 'Sources' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows followers their subscriptions feed', async () => {
    render('/subscriptions/articles', handlers, 'follower');
    expect(await screen.findByText('Nothing here yet.')).toBeInTheDocument();
    expect(api.calls.map((call) => call.key)).toContain('POST /subscriptions_feed');
  });

  it('lists 3 recommended sources with Show more, and all subscribed ones', async () => {
    render('/subscriptions/sources', handlers, 'follower');
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
  });

  it('shows no Recommended or Subscribed heading over an empty list', async () => {
    render(
      '/subscriptions/sources',
      {
        ...handlers,
        'POST /get_recommended_sources': () => ({ data: [] }),
        'POST /sources': () => ({ data: [source(1, 'Blog1')] }),
      },
      'follower',
    );
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
    render('/subscriptions/articles', handlers, 'reader');
    await userEvent.click(screen.getByRole('tab', { name: 'Sources' }));
    expect(window.location.pathname).toBe('/subscriptions/sources');
    expect(screen.queryByRole('heading', { name: 'Subscribed' })).not.toBeInTheDocument();
  });
});

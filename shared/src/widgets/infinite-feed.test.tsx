import { act, screen, waitFor, within } from '@testing-library/react';
import {
  makeArticles,
  mockApi,
  renderWithProviders,
  type MockedApi,
} from '@blogstream/shared/testing';
import { InfiniteFeed } from '@blogstream/shared/widgets';

/** jsdom has no IntersectionObserver: this one lets the test scroll the sentinel into view. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe() {}
  disconnect() {
    FakeIntersectionObserver.instances = FakeIntersectionObserver.instances.filter(
      (o) => o !== this,
    );
  }
  reveal() {
    this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as never);
  }
}

function scrollToBottom() {
  act(() => FakeIntersectionObserver.instances.forEach((observer) => observer.reveal()));
}

let api: MockedApi;
const corpus = makeArticles(30);

beforeEach(() => {
  FakeIntersectionObserver.instances = [];
  Object.assign(window, { IntersectionObserver: FakeIntersectionObserver });
  api = mockApi({
    'POST /discover_feed': (body) => {
      const { offset, limit } = body as { offset: number; limit: number };
      return { data: corpus.slice(offset, offset + limit) };
    },
    'POST /search': () => ({ data: [] }),
    'POST /subscriptions_feed': () => ({ status: 500 }),
  });
});

describe('infinite feed', () => {
  it('loads 12 at a time as the reader scrolls, and says when the end is reached', async () => {
    renderWithProviders(<InfiniteFeed call={{ name: 'discoverFeed' }} />);
    expect(await screen.findAllByRole('article')).toHaveLength(12);
    expect(screen.getByRole('status')).toHaveTextContent('Loading more articles...');
    expect(api.calls[0]?.body).toEqual({ queryData: null, offset: 0, limit: 12 });

    scrollToBottom();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(24));
    scrollToBottom();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30));
    expect(screen.getByRole('status')).toHaveTextContent("You've reached the end");
    expect(api.calls.map((call) => (call.body as { offset: number }).offset)).toEqual([0, 12, 24]);
  });

  it('stops after a page shorter than the limit', async () => {
    renderWithProviders(
      <InfiniteFeed call={{ name: 'discoverFeed' }} pageSize={13} queryData={5} />,
    );
    expect(await screen.findAllByRole('article')).toHaveLength(13);
    scrollToBottom();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(26));
    scrollToBottom();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent("You've reached the end"),
    );
    expect(screen.getAllByRole('article')).toHaveLength(30);
    scrollToBottom();
    expect(api.calls).toHaveLength(3);
    expect(api.calls[0]?.body).toEqual({ queryData: 5, offset: 0, limit: 13 });
  });

  it('says when there is nothing yet', async () => {
    renderWithProviders(<InfiniteFeed call={{ name: 'search' }} />);
    expect(await screen.findByText('Nothing here yet.')).toBeInTheDocument();
  });

  it('adds its hint under an empty feed, and only there', async () => {
    const hint = 'Try other words.';
    const { unmount } = renderWithProviders(
      <InfiniteFeed call={{ name: 'search' }} emptyHint={hint} />,
    );
    expect(await screen.findByText('Nothing here yet.')).toBeInTheDocument();
    expect(screen.getByText(hint)).toBeInTheDocument();
    unmount();

    renderWithProviders(<InfiniteFeed call={{ name: 'discoverFeed' }} emptyHint={hint} />);
    expect(await screen.findAllByRole('article')).not.toHaveLength(0);
    expect(screen.queryByText(hint)).not.toBeInTheDocument();
  });

  it('logs a failure instead of crashing', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<InfiniteFeed call={{ name: 'subscriptionsFeed' }} />);
    await waitFor(() =>
      expect(log).toHaveBeenCalledWith('Loading /api/subscriptions_feed failed', expect.anything()),
    );
    expect(screen.getByRole('status')).toBeInTheDocument();
    log.mockRestore();
  });

  it('says the articles need a connection when the feed cannot be reached, not that there are none', async () => {
    api.restore();
    api = mockApi({
      'POST /search': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const hint = 'Try other words.';
    renderWithProviders(
      <InfiniteFeed
        call={{ name: 'search' }}
        emptyHint={hint}
        offlineMessage="Search is offline."
      />,
    );
    expect(await screen.findByText('Search is offline.')).toBeInTheDocument();
    expect(screen.queryByText('Nothing here yet.')).not.toBeInTheDocument();
    expect(screen.queryByText(hint)).not.toBeInTheDocument();
    log.mockRestore();
  });

  it('highlights the first article when asked (more-like-this)', async () => {
    renderWithProviders(
      <InfiniteFeed call={{ name: 'discoverFeed' }} pageSize={13} highlightFirst />,
    );
    const [first, second] = await screen.findAllByRole('article');
    expect(within(first!).getByRole('heading')).toHaveTextContent('Article 1');
    // The border's colour is a theme variable, which jsdom leaves unresolved in the shorthand.
    expect(getComputedStyle(first!).border).not.toBe(getComputedStyle(second!).border);
  });
});

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
  signedIn,
  signedOut,
  type AppStore,
} from '@blogstream/shared/store';
import { Root } from './root';

class QuietIntersectionObserver {
  observe() {}
  disconnect() {}
}

const reader = {
  name: 'Ada',
  email: 'ada@example.com',
  account_type: 0 as const,
  userFirstTimeUX: false,
  follows_sources: false,
};

function article(id: number, title: string) {
  return {
    post_id: id,
    title,
    description: 'About it.',
    link: `https://blog.example/${id}`,
    image: null,
    source_type: 'blog',
    source_name: 'Example',
    source_url_name: 'example',
    source_logo_file: 'example.svg',
    publishing_date: '2026-11-01T10:00:00.000Z',
    bookmarked: false,
  };
}

let api: MockedApi;

function render(route: string, handlers: MockHandlers, signIn: boolean | null = true) {
  api = mockApi(handlers);
  const rendered = renderWithProviders(<Root />, { route });
  if (signIn !== null)
    act(() => rendered.store.dispatch(signIn ? signedIn({ user: reader }) : signedOut()));
  return rendered;
}

beforeEach(() => Object.assign(window, { IntersectionObserver: QuietIntersectionObserver }));
afterEach(() => api.restore());

describe('home', () => {
  it("offers 'All' plus the reader's topics and switches the feed with the pill", async () => {
    render('/', {
      'POST /get_user_topics': () => ({ data: ['Databases', 'Security'] }),
      'POST /discover_feed': () => ({ data: [article(1, 'For you')] }),
      'POST /discover_feed/Security': () => ({ data: [article(2, 'About security')] }),
    });
    const pills = within(await screen.findByRole('group', { name: 'Topics' }));
    await waitFor(() =>
      expect(pills.getAllByRole('button').map((pill) => pill.textContent)).toEqual([
        'All',
        'Databases',
        'Security',
      ]),
    );
    expect(await screen.findByText('For you')).toBeInTheDocument();
    await userEvent.click(pills.getByRole('button', { name: 'Security' }));
    expect(await screen.findByText('About security')).toBeInTheDocument();
    expect(pills.getByRole('button', { name: 'Security' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('search and more-like-this', () => {
  it('titles the search page with the query and searches for it', async () => {
    render(
      '/search?searchQuery=kafka%20streams',
      { 'POST /search': () => ({ data: [article(3, 'Kafka at scale')] }) },
      null,
    );
    expect(screen.getByRole('heading', { name: 'Search / kafka streams' })).toBeInTheDocument();
    expect(document.title).toBe('Search / kafka streams | Blogstream');
    expect(await screen.findByText('Kafka at scale')).toBeInTheDocument();
    expect(api.calls.find((call) => call.key === 'POST /search')?.body).toEqual({
      queryData: 'kafka streams',
      offset: 0,
      limit: 12,
    });
  });

  it('asks for 13 articles like the one given', async () => {
    render(
      '/more-like-this?articleId=42',
      { 'POST /more_like_this': () => ({ data: [article(42, 'The original')] }) },
      null,
    );
    expect(await screen.findByText('The original')).toBeInTheDocument();
    expect(api.calls.find((call) => call.key === 'POST /more_like_this')?.body).toEqual({
      queryData: 42,
      offset: 0,
      limit: 13,
    });
  });
});

describe('topic page', () => {
  it('describes the topic, lists its feed, more topics and blogs to follow', async () => {
    render(
      '/topic/Security',
      {
        'POST /get_topic_description': () => ({ data: ['Keeping systems safe.'] }),
        'POST /get_sources_for_topic': () => ({
          data: [
            { url_name: 'trail-of-bits', long_name: 'Trail of Bits Blog', logo_file: 'tob.svg' },
          ],
        }),
        'POST /search_for_discover_feed': () => ({ data: [article(5, 'Fuzzing in CI')] }),
      },
      null,
    );
    expect(screen.getByRole('heading', { name: 'Topics / Security' })).toBeInTheDocument();
    expect(document.title).toBe('Security Blogs');
    expect(await screen.findByRole('heading', { name: 'About Security' })).toBeInTheDocument();
    expect(screen.getByText('Keeping systems safe.')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Discover the best Security blogs' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Fuzzing in CI')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Databases' })).toHaveAttribute(
      'href',
      '/topic/Databases',
    );
    expect(screen.getByRole('heading', { name: 'Security blogs to follow' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Trail of Bits Blog' })).toHaveAttribute(
      'href',
      '/source-feed/source/trail-of-bits',
    );
  });

  it('shows no blogs-to-follow heading when the topic has no blogs', async () => {
    render(
      '/topic/Security',
      {
        'POST /get_topic_description': () => ({ data: [] }),
        'POST /get_sources_for_topic': () => ({ data: [] }),
        'POST /search_for_discover_feed': () => ({ data: [article(5, 'Fuzzing in CI')] }),
      },
      null,
    );
    await waitFor(() =>
      expect(api.calls.map((call) => call.key)).toContain('POST /get_sources_for_topic'),
    );
    expect(await screen.findByText('Fuzzing in CI')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(
      screen.queryByRole('heading', { name: 'Security blogs to follow' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'About Security' })).not.toBeInTheDocument();
  });
});

describe('bookmarks', () => {
  it('asks visitors to sign in', async () => {
    const { store } = render('/my-bookmarks', {}, false);
    expect(screen.getByRole('heading', { name: 'Bookmarks' })).toBeInTheDocument();
    await waitFor(() => expect(selectShowLoginToggle(store.getState())).toBe(true));
  });

  it('removes the card once the server confirms the bookmark is gone', async () => {
    let saved = [
      { ...article(1, 'Kept one'), bookmarked: true },
      { ...article(2, 'Dropped one'), bookmarked: true },
    ];
    render('/my-bookmarks', {
      'POST /bookmarks_feed': () => ({ data: saved }),
      'POST /remove_bookmark': (body) => {
        const { postId } = body as { postId: number };
        saved = saved.filter((item) => item.post_id !== postId);
        return { data: { postId, bookmarked: false } };
      },
    });
    const dropped = (await screen.findByText('Dropped one')).closest('article')!;
    await userEvent.click(within(dropped).getByRole('button', { name: 'Remove bookmark' }));

    await waitFor(() => expect(screen.queryByText('Dropped one')).not.toBeInTheDocument());
    expect(screen.getByText('Kept one')).toBeInTheDocument();
  });
});

describe('collection view', () => {
  let name: string;
  let deleted: boolean;

  function renderCollection(): { store: AppStore } {
    name = 'Later';
    deleted = false;
    return render('/collection/7', {
      'POST /get_collection': () => ({ data: { name } }),
      'POST /get_articles_in_collection/7': () => ({ data: [article(9, 'Saved one')] }),
      'POST /rename_collection': (body) => {
        name = (body as { collectionName: string }).collectionName;
        return { data: { ok: true } };
      },
      'POST /delete_collection': () => {
        deleted = true;
        return { data: { ok: true } };
      },
      // After deleting, the reader lands on the home feed.
      'POST /get_user_topics': () => ({ data: null }),
      'POST /discover_feed': () => ({ data: [] }),
    });
  }

  it('shows the name and the articles, and renames it with validation', async () => {
    renderCollection();
    expect(await screen.findByRole('heading', { name: 'Later' })).toBeInTheDocument();
    expect(await screen.findByText('Saved one')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Collection menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const field = await screen.findByLabelText('New collection name');
    expect(field).toHaveFocus();
    await userEvent.clear(field);
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('Required')).toBeInTheDocument();
    await userEvent.type(field, 'Reading list{Enter}');
    expect(await screen.findByRole('heading', { name: 'Reading list' })).toBeInTheDocument();
  });

  it('shows no empty heading while the collection is loading', async () => {
    render('/collection/7', {
      'POST /get_collection': () => new Promise(() => undefined),
      'POST /get_articles_in_collection/7': () => ({ data: [] }),
    });
    expect(await screen.findByText('Nothing here yet.')).toBeInTheDocument();
    for (const heading of screen.getAllByRole('heading')) {
      expect(heading).not.toHaveTextContent(/^\s*$/);
    }
  });

  it('deletes it after a warning and goes home', async () => {
    renderCollection();
    await userEvent.click(await screen.findByRole('button', { name: 'Collection menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete collection' }));
    expect(dialog.getByText('Warning: This cannot be undone!')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(deleted).toBe(true);
  });
});

describe('routes of other remotes', () => {
  it('renders nothing there', () => {
    const { container } = render('/settings', {}, null);
    expect(container).toBeEmptyDOMElement();
  });
});

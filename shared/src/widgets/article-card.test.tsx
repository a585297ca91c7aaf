import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Article } from '@blogstream/shared/contract';
import {
  makeArticles,
  mockApi,
  readerFixture,
  renderWithProviders,
  type MockHandlers,
  type MockedApi,
} from '@blogstream/shared/testing';
import {
  selectShowLoginToggle,
  selectSnackbar,
  signedIn,
  type AppStore,
} from '@blogstream/shared/store';
import { ArticleCard, InfiniteFeed } from '@blogstream/shared/widgets';

const reader = readerFixture();

let api: MockedApi;

function render(article: Article, handlers: MockHandlers = {}, signIn = true) {
  api = mockApi(handlers);
  const rendered = renderWithProviders(<ArticleCard article={article} />);
  if (signIn) act(() => rendered.store.dispatch(signedIn({ user: reader })));
  return rendered;
}

const snackbarText = (store: AppStore) => selectSnackbar(store.getState())?.message;

describe('article card', () => {
  const [article] = makeArticles(1) as [Article];

  it('shows title, preview, source and date, linking out safely', () => {
    render({ ...article, description: 'x '.repeat(400) });
    const title = screen.getByRole('link', { name: 'Article 1' });
    expect(title).toHaveAttribute('href', 'https://blog.example/posts/1');
    expect(title).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Example Engineering' })).toHaveAttribute(
      'href',
      '/source-feed/source/example-engineering',
    );
    expect(screen.getByText(/…$/).textContent!.length).toBeLessThanOrEqual(250);
    expect(screen.getByRole('link', { name: 'More like this' })).toHaveAttribute(
      'href',
      '/more-like-this?articleId=1',
    );
  });

  it('reserves a 3:2 box for the image and drops the image area when the image fails', () => {
    const imageUrl = 'https://images.example/cover.png';
    render({ ...article, image: imageUrl });
    const card = screen.getByRole('article', { name: 'Article 1' });
    const image = () =>
      within(card)
        .queryAllByRole('presentation')
        .find((element) => element.getAttribute('src') === imageUrl);
    expect(image()).toHaveAttribute('width', '300');
    expect(image()).toHaveAttribute('height', '200');
    fireEvent.error(image()!);
    expect(image()).toBeUndefined();
    expect(within(card).getByRole('link', { name: 'Article 1' })).toBeInTheDocument();
  });

  it('names the other blogs that ran the same story, linking to their copies', () => {
    render({
      ...article,
      also_on: [
        {
          post_id: 7,
          source_name: 'Claude Blog',
          source_url_name: 'claude-blog',
          link: 'https://claude.com/blog/skills',
        },
        {
          post_id: 8,
          source_name: 'Unsafe Copy',
          source_url_name: 'unsafe',
          link: 'javascript:alert(1)',
        },
      ],
    });
    const card = screen.getByRole('article', { name: 'Article 1' });
    expect(within(card).getByText(/Also on:/)).toHaveTextContent('Also on: Claude Blog');
    const copy = within(card).getByRole('link', { name: 'Claude Blog' });
    expect(copy).toHaveAttribute('href', 'https://claude.com/blog/skills');
    expect(copy).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(card).queryByText('Unsafe Copy')).not.toBeInTheDocument();
  });

  it('says nothing of other blogs when no other blog has the story', () => {
    render(article);
    expect(screen.queryByText(/Also on/)).not.toBeInTheDocument();
  });

  it('shows how long ago the article was published', () => {
    render({ ...article, publishing_date: new Date(Date.now() - 3 * 3600_000).toISOString() });
    expect(screen.getByText('3 hours ago').tagName).toBe('TIME');
  });

  it('shows no date when the source gave none', () => {
    render({ ...article, publishing_date: null });
    const card = screen.getByRole('article', { name: 'Article 1' });
    expect(card.querySelector('time')).not.toBeInTheDocument();
    expect(card).not.toHaveTextContent(/ago|NaN|yesterday|just now/);
    expect(within(card).getByRole('link', { name: 'Example Engineering' })).toBeInTheDocument();
  });

  it('asks visitors to sign in instead of bookmarking', async () => {
    const { store } = render(article, {}, false);
    await userEvent.click(screen.getByRole('button', { name: 'Bookmark' }));
    expect(selectShowLoginToggle(store.getState())).toBe(true);
    expect(api.calls).toHaveLength(0);
  });

  it('flips the bookmark only after the server agreed, in every feed showing it', async () => {
    let answer: (value: { data: unknown }) => void = () => undefined;
    api = mockApi({
      'POST /discover_feed': () => ({ data: [article] }),
      'POST /bookmark_post': () => new Promise((resolve) => (answer = resolve)),
    });
    const { store } = renderWithProviders(<InfiniteFeed call={{ name: 'discoverFeed' }} />);
    act(() => store.dispatch(signedIn({ user: reader })));
    const card = within(await screen.findByRole('article', { name: 'Article 1' }));
    await userEvent.click(card.getByRole('button', { name: 'Bookmark' }));
    expect(card.getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'false');
    await act(async () => answer({ data: { bookmarked: true } }));
    await waitFor(() =>
      expect(card.getByRole('button', { name: 'Remove bookmark' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(snackbarText(store)).toBe('Added to bookmarks.');
  });

  it('keeps the bookmark as it was when the server fails', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(article, { 'POST /bookmark_post': () => ({ status: 500 }) });
    await userEvent.click(screen.getByRole('button', { name: 'Bookmark' }));
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Bookmark' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    log.mockRestore();
  });
});

describe('more or less like this, and why this', () => {
  const [article] = makeArticles(1) as [Article];

  it('steers the feed towards an article, then takes it back, without reloading the page', async () => {
    api = mockApi({
      'POST /discover_feed': () => ({ data: [article] }),
      'POST /article_feedback': (body) => ({
        data: { feedback: (body as { feedback: string | null }).feedback },
      }),
    });
    const callsTo = (key: string) => api.calls.filter((call) => call.key === key);
    const { store } = renderWithProviders(<InfiniteFeed call={{ name: 'discoverFeed' }} />);
    act(() => store.dispatch(signedIn({ user: reader })));
    const card = within(await screen.findByRole('article', { name: 'Article 1' }));
    const more = () => card.getByRole('button', { name: 'Show more like this' });
    await userEvent.click(more());
    await waitFor(() => expect(more()).toHaveAttribute('aria-pressed', 'true'));
    expect(snackbarText(store)).toBe('More like this from the next page of your feed.');
    await userEvent.click(more());
    await waitFor(() => expect(more()).toHaveAttribute('aria-pressed', 'false'));
    expect(callsTo('POST /article_feedback').map((call) => call.body)).toEqual([
      { postId: 1, feedback: 'more' },
      { postId: 1, feedback: null },
    ]);
    // The feed keeps its page: only the first load asked for it.
    expect(callsTo('POST /discover_feed')).toHaveLength(1);
  });

  it('asks visitors to sign in instead of steering', async () => {
    const { store } = render(article, {}, false);
    await userEvent.click(screen.getByRole('button', { name: 'Show less like this' }));
    expect(selectShowLoginToggle(store.getState())).toBe(true);
    expect(api.calls).toHaveLength(0);
  });

  it("says why a card is in the reader's feed when the feed says so", () => {
    render({ ...article, why: ['You follow Example Engineering', 'New today'] });
    expect(screen.getByText('Why this: You follow Example Engineering · New today')).toBeVisible();
    render({ ...article, post_id: 2, title: 'Article 2' });
    const other = screen.getByRole('article', { name: 'Article 2' });
    expect(other).not.toHaveTextContent('Why this');
  });
});

describe('summary panel', () => {
  const [article] = makeArticles(1) as [Article];

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows the loader for at least two seconds, then bullets and concept links; again hides it', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(article, {
      'POST /post_summary': () => ({
        data: { bullet_points: ['Raft elects a leader.'], key_concepts: ['consensus'] },
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Summary' }));
    expect(screen.getByRole('status', { name: 'Loading summary' })).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(1900));
    expect(screen.getByRole('status', { name: 'Loading summary' })).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(200));
    expect(screen.getByText('Raft elects a leader.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'consensus' })).toHaveAttribute(
      'href',
      '/search?searchQuery=consensus',
    );
    await user.click(screen.getByRole('button', { name: 'Summary' }));
    expect(screen.queryByText('Raft elects a leader.')).not.toBeInTheDocument();
  });

  it('says when the summary failed', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(article, { 'POST /post_summary': () => ({ status: 503 }) });
    await user.click(screen.getByRole('button', { name: 'Summary' }));
    await act(async () => jest.advanceTimersByTime(2100));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to load summary. Please try again.',
    );
  });

  it('says the summary is unavailable, without inviting a retry, when the article is too short', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(article, {
      'POST /post_summary': () => ({
        status: 422,
        data: { statusCode: 422, reason: 'SUMMARY_UNAVAILABLE', message: 'Too short.' },
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Summary' }));
    await act(async () => jest.advanceTimersByTime(2100));

    expect(screen.getByText(/No summary is available for this article/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/try again/i)).not.toBeInTheDocument();
  });
});

describe('collection dialog', () => {
  const [article] = makeArticles(1) as [Article];
  let memberships: Set<number>;
  let collections: { collection_id: number; name: string }[];

  function handlers(failing = false): MockHandlers {
    return {
      'POST /get_article_collections': () => ({
        data: collections.map((collection) => ({
          ...collection,
          post_in_collection: memberships.has(collection.collection_id),
        })),
      }),
      'POST /add_article_to_collection': (body) => {
        if (failing) return { status: 500 };
        memberships.add((body as { collectionId: number }).collectionId);
        return { data: { ok: true } };
      },
      'POST /remove_article_from_collection': (body) => {
        memberships.delete((body as { collectionId: number }).collectionId);
        return { data: { ok: true } };
      },
      'POST /create_collection': (body) => {
        const created = {
          collection_id: 3,
          name: (body as { collectionName: string }).collectionName,
        };
        collections.push(created);
        return { data: created };
      },
    };
  }

  beforeEach(() => {
    memberships = new Set([2]);
    collections = [
      { collection_id: 1, name: 'Later' },
      { collection_id: 2, name: 'Rust' },
    ];
  });

  it('ticks the collections holding the article and toggles membership with a snackbar', async () => {
    const { store } = render(article, handlers());
    await userEvent.click(screen.getByRole('button', { name: 'Add to collection' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add to collection' }));
    expect(await dialog.findByRole('checkbox', { name: 'Rust' })).toBeChecked();
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Later' }));
    await waitFor(() => expect(dialog.getByRole('checkbox', { name: 'Later' })).toBeChecked());
    expect(snackbarText(store)).toBe('Added to collection');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Rust' }));
    await waitFor(() => expect(dialog.getByRole('checkbox', { name: 'Rust' })).not.toBeChecked());
    expect(snackbarText(store)).toBe('Removed from collection');
  });

  it('reports a failed add in the error colour', async () => {
    const { store } = render(article, handlers(true));
    await userEvent.click(screen.getByRole('button', { name: 'Add to collection' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Later' }));
    await waitFor(() => expect(snackbarText(store)).toBe('Error adding to collection'));
    expect(selectSnackbar(store.getState())?.severity).toBe('error');
  });

  it('creates a new collection, requiring a name', async () => {
    render(article, handlers());
    await userEvent.click(screen.getByRole('button', { name: 'Add to collection' }));
    await userEvent.click(await screen.findByRole('button', { name: 'New collection' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('Required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Collection name'), 'Distributed systems{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Add to collection' })).toBeInTheDocument();
    expect(api.calls.find((call) => call.key === 'POST /create_collection')?.body).toEqual({
      collectionName: 'Distributed systems',
    });
  });

  it('puts the article into the collection made from its dialog and shows it ticked', async () => {
    const { store } = render(article, handlers());
    await userEvent.click(screen.getByRole('button', { name: 'Add to collection' }));
    await userEvent.click(await screen.findByRole('button', { name: 'New collection' }));
    await userEvent.type(screen.getByLabelText('Collection name'), 'Distributed systems');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add to collection' }));
    await waitFor(() =>
      expect(dialog.getByRole('checkbox', { name: 'Distributed systems' })).toBeChecked(),
    );
    const keys = api.calls.map((call) => call.key);
    expect(keys.indexOf('POST /add_article_to_collection')).toBeGreaterThan(
      keys.indexOf('POST /create_collection'),
    );
    expect(api.calls.find((call) => call.key === 'POST /add_article_to_collection')?.body).toEqual({
      postId: article.post_id,
      collectionId: 3,
    });
    expect(dialog.getByRole('checkbox', { name: 'Later' })).not.toBeChecked();
    expect(snackbarText(store)).toBe('Added to collection');
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
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
afterEach(() => api.restore());

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
    const { store } = renderWithProviders(<InfiniteFeed url="/discover_feed" />);
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
});

describe('collection dialog', () => {
  const [article] = makeArticles(1) as [Article];
  let memberships: Set<number>;

  function handlers(failing = false): MockHandlers {
    return {
      'POST /get_article_collections': () => ({
        data: [
          { collection_id: 1, name: 'Later', post_in_collection: memberships.has(1) },
          { collection_id: 2, name: 'Rust', post_in_collection: memberships.has(2) },
        ],
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
      'POST /create_collection': () => ({ data: { collection_id: 3, name: 'New' } }),
    };
  }

  beforeEach(() => {
    memberships = new Set([2]);
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
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Article, FeedFilters } from '@blogstream/shared/contract';
import { selectShowLoginToggle, selectSnackbar } from '@blogstream/shared/store';
import {
  makeArticles,
  readerFixture,
  renderPage,
  type MockedApi,
  type MockHandlers,
} from '@blogstream/shared/testing';
import { InfiniteFeed } from '@blogstream/shared/widgets';
import { suggestedKeyword } from './mute-keyword-dialog.js';

let corpus: Article[];
let filters: FeedFilters;

beforeEach(() => {
  Object.assign(window, {
    IntersectionObserver: class {
      observe() {}
      disconnect() {}
    },
  });
  corpus = makeArticles(3).map((article, index) => ({
    ...article,
    topics: index === 0 ? ['Databases', 'Cloud'] : [],
  }));
  filters = { hide_read: false, mutes: [] };
});

/** The API as the server answers: read marks, Hide read and mutes change the feed. */
const handlers: MockHandlers = {
  'POST /discover_feed': () => ({ data: corpus }),
  'POST /bookmarks_feed': () => ({ data: corpus }),
  'POST /get_feed_filters': () => ({ data: filters }),
  'POST /save_hide_read': (body) => {
    filters = { ...filters, hide_read: (body as { hide_read: boolean }).hide_read };
    // The server leaves the read article out from now on.
    corpus = corpus.filter((article) => !(filters.hide_read && article.read));
    return { data: { hide_read: filters.hide_read } };
  },
  'POST /mark_read': (body) => {
    const { postId } = body as { postId: number };
    corpus = corpus.map((item) => (item.post_id === postId ? { ...item, read: true } : item));
    return { data: { read: true } };
  },
  'POST /mark_unread': () => ({ data: { read: false } }),
  'POST /add_mute': (body) => {
    const { kind, value } = body as { kind: 'source' | 'topic' | 'keyword'; value: string };
    if (kind === 'keyword' && value.trim().length < 2) {
      return {
        status: 400,
        data: {
          statusCode: 400,
          reason: 'VALIDATION_FAILED',
          message: 'The request is not valid.',
          details: [{ path: 'body.value', message: 'At least 2 characters.' }],
        },
      };
    }
    const stored = kind === 'keyword' ? value.trim().toLowerCase().replace(/\s+/g, ' ') : value;
    return {
      data: { kind, value: stored, label: stored, created_at: '2026-11-24T12:00:00.000Z' },
    };
  },
};

/** What the feed's calls to `key` sent. */
const bodiesOf = (api: MockedApi, key: string) =>
  api.calls.filter((call) => call.key === key).map((call) => call.body);

function renderFeed(who: 'reader' | 'visitor' = 'reader', name = 'discoverFeed' as const) {
  return renderPage(<InfiniteFeed call={{ name }} />, {
    reader: who === 'reader' ? readerFixture() : null,
    api: handlers,
  });
}

async function card(title: string) {
  return screen.findByRole('article', { name: title });
}

async function chooseFromMenu(title: string, item: string) {
  await userEvent.click(within(await card(title)).getByRole('button', { name: 'More actions' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}

describe('read state', () => {
  it('opening an article marks it read: its card says "Read" and Hide read then leaves it out', async () => {
    const { api } = renderFeed();
    const first = await card('Article 1');
    expect(within(first).queryByText('Read')).not.toBeInTheDocument();
    await userEvent.click(within(first).getByRole('link', { name: 'Article 1' }));
    await waitFor(() => expect(within(first).getByText('Read')).toBeInTheDocument());
    expect(bodiesOf(api, 'POST /mark_read')).toEqual([{ postId: 1 }]);

    // Opening it again asks nothing more of the server.
    await userEvent.click(within(first).getByRole('link', { name: 'Article 1' }));
    expect(bodiesOf(api, 'POST /mark_read')).toHaveLength(1);

    const hideRead = await screen.findByRole('checkbox', { name: 'Hide read' });
    expect(hideRead).not.toBeChecked();
    await userEvent.click(hideRead);
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Article 1' })).not.toBeInTheDocument(),
    );
    expect(bodiesOf(api, 'POST /save_hide_read')).toEqual([{ hide_read: true }]);
    expect(screen.getByRole('checkbox', { name: 'Hide read' })).toBeChecked();
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('a read article can be marked unread from its menu', async () => {
    corpus[1] = { ...corpus[1]!, read: true };
    const { api } = renderFeed();
    const second = await card('Article 2');
    expect(within(second).getByText('Read')).toBeInTheDocument();
    await chooseFromMenu('Article 2', 'Mark as unread');
    await waitFor(() => expect(within(second).queryByText('Read')).not.toBeInTheDocument());
    expect(bodiesOf(api, 'POST /mark_unread')).toEqual([{ postId: 2 }]);
  });

  it('bookmarks keep read articles: no Hide read there', async () => {
    renderFeed('reader', 'bookmarksFeed' as never);
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('checkbox', { name: 'Hide read' })).not.toBeInTheDocument();
  });
});

describe('mutes from the card menu', () => {
  it("mutes the article's source, reloads the feed and says where to undo it", async () => {
    const { api, store } = renderFeed();
    await chooseFromMenu('Article 1', 'Mute Example Engineering');
    await waitFor(() =>
      expect(bodiesOf(api, 'POST /add_mute')).toEqual([
        { kind: 'source', value: 'example-engineering' },
      ]),
    );
    await waitFor(() =>
      expect(selectSnackbar(store.getState())?.message).toBe(
        'Muted Example Engineering. Settings lists your mutes.',
      ),
    );
    await waitFor(() => expect(bodiesOf(api, 'POST /discover_feed')).toHaveLength(2));
  });

  it('offers each topic of the article', async () => {
    const { api } = renderFeed();
    await chooseFromMenu('Article 1', 'Mute topic Cloud');
    await waitFor(() =>
      expect(bodiesOf(api, 'POST /add_mute')).toEqual([{ kind: 'topic', value: 'Cloud' }]),
    );
  });

  it('mutes a keyword typed in a dialog prefilled from the title; a refused one says why', async () => {
    corpus[0] = { ...corpus[0]!, title: 'Scaling Postgres at the edge' };
    const { api, store } = renderFeed();
    await chooseFromMenu('Scaling Postgres at the edge', 'Mute a keyword…');
    const dialog = await screen.findByRole('dialog', { name: 'Mute a keyword' });
    const keyword = within(dialog).getByRole('textbox', { name: 'Keyword' });
    expect(keyword).toHaveValue('postgres');

    await userEvent.clear(keyword);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mute' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(bodiesOf(api, 'POST /add_mute')).toEqual([]);

    // The server checks the keyword against the contract and says what is wrong.
    await userEvent.type(keyword, 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mute' }));
    expect(await within(dialog).findByText('At least 2 characters.')).toBeInTheDocument();

    await userEvent.clear(keyword);
    await userEvent.type(keyword, '  Edge  Computing ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mute' }));
    await waitFor(() =>
      expect(bodiesOf(api, 'POST /add_mute').at(-1)).toEqual({
        kind: 'keyword',
        value: '  Edge  Computing ',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(selectSnackbar(store.getState())?.message).toBe(
      'Muted “edge computing”. Settings lists your mutes.',
    );
  });

  it('a visitor gets the sign-in dialog, and no Hide read', async () => {
    const { api, store } = renderFeed('visitor');
    await userEvent.click(
      within(await card('Article 1')).getByRole('button', { name: 'More actions' }),
    );
    expect(selectShowLoginToggle(store.getState())).toBe(true);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Hide read' })).not.toBeInTheDocument();
    await userEvent.click(within(await card('Article 1')).getByRole('link', { name: 'Article 1' }));
    expect(bodiesOf(api, 'POST /mark_read')).toEqual([]);
  });
});

describe('suggestedKeyword', () => {
  it.each([
    ['Scaling Postgres at the edge', 'postgres'],
    ["Kubernetes' hard parts", 'kubernetes'],
    ['How and why', ''],
  ])('%s -> %s', (title, keyword) => {
    expect(suggestedKeyword(title)).toBe(keyword);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { baseApi } from '@blogstream/shared/api';
import {
  articleFixture,
  readerFixture,
  renderPage,
  type MockHandlers,
} from '@blogstream/shared/testing';
import { Root } from '../../root';

describe('collection view', () => {
  let name: string;
  let deleted: boolean;

  function renderCollection(moreHandlers: MockHandlers = {}) {
    name = 'Later';
    deleted = false;
    return renderPage(<Root />, {
      route: '/collection/7',
      reader: readerFixture(),
      api: {
        'POST /get_collection': () => ({ data: { name } }),
        'POST /get_articles_in_collection/7': () => ({ data: [articleFixture(9, 'Saved one')] }),
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
        ...moreHandlers,
      },
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
    renderPage(<Root />, {
      route: '/collection/7',
      reader: readerFixture(),
      api: {
        'POST /get_collection': () => new Promise(() => undefined),
        'POST /get_articles_in_collection/7': () => ({ data: [] }),
      },
    });
    expect(await screen.findByText('Nothing here yet.')).toBeInTheDocument();
    for (const heading of screen.getAllByRole('heading')) {
      expect(heading).not.toHaveTextContent(/^\s*$/);
    }
  });

  it('says so for a collection that does not exist', async () => {
    renderPage(<Root />, {
      route: '/collection/8',
      reader: readerFixture(),
      api: { 'POST /get_articles_in_collection/8': () => ({ data: [] }) },
    });
    expect(await screen.findByText('This collection does not exist.')).toBeInTheDocument();
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

  it('takes it off the drawer’s list of collections at once, before the lists are asked again', async () => {
    let listsAsked = 0;
    const { store } = renderCollection({
      'POST /get_collections': () => {
        listsAsked += 1;
        // Asked again after the deletion, the lists do not answer: the list must not wait for them.
        return listsAsked === 1
          ? {
              data: [
                { collection_id: 7, name: 'Later' },
                { collection_id: 8, name: 'Talks' },
              ],
            }
          : new Promise(() => undefined);
      },
    });
    // The drawer's subscription to the list.
    await store.dispatch(baseApi.endpoints.getCollections.initiate());
    const collections = () => baseApi.endpoints.getCollections.select()(store.getState()).data;
    expect(collections()).toHaveLength(2);
    await userEvent.click(await screen.findByRole('button', { name: 'Collection menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete collection' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(collections()).toEqual([{ collection_id: 8, name: 'Talks' }]));
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SavedSearch } from '@blogstream/shared/contract';
import {
  articleFixture,
  mockApi,
  readerFixture,
  renderWithProviders,
  savedSearchFixture,
  type MockedApi,
} from '@blogstream/shared/testing';
import { Root } from '../../root';

let api: MockedApi;

/** The server's saved searches for one reader, changed by the calls as the server would. */
function savedSearchServer(initial: SavedSearch[] = []) {
  let saved = [...initial];
  let nextId = 40;
  const find = (body: unknown) =>
    saved.find((one) => one.saved_search_id === (body as { savedSearchId: number }).savedSearchId)!;
  api = mockApi({
    'POST /search': () => ({ data: [articleFixture(3, 'Vacuum at scale')] }),
    // Copies: the store freezes what it is given.
    'POST /get_saved_searches': () => ({
      data: JSON.parse(JSON.stringify(saved)) as SavedSearch[],
    }),
    'POST /create_saved_search': (body) => {
      const { name, query, filter } = body as Pick<SavedSearch, 'name' | 'query' | 'filter'>;
      const created: SavedSearch = {
        saved_search_id: nextId++,
        name,
        query,
        filter,
        new_matches: 0,
        in_digest: false,
        alert: false,
      };
      saved = [...saved, created];
      return { data: { ...created } };
    },
    'POST /update_saved_search': (body) => {
      const { name, inDigest, alert } = body as {
        name?: string;
        inDigest?: boolean;
        alert?: boolean;
      };
      const one = find(body);
      Object.assign(one, {
        name: name ?? one.name,
        in_digest: inDigest ?? one.in_digest,
        alert: alert ?? one.alert,
      });
      return { data: { ...one } };
    },
    'POST /open_saved_search': (body) => {
      const one = find(body);
      one.new_matches = 0;
      return { data: { ...one } };
    },
    'POST /delete_saved_search': (body) => {
      saved = saved.filter((one) => one !== find(body));
      return { data: { ok: true } };
    },
  });
  return { current: () => saved };
}

describe('saved searches on the search page', () => {
  it('saves the words and filter of the page under the name the reader gives', async () => {
    const server = savedSearchServer();
    const user = userEvent.setup();
    renderWithProviders(<Root />, {
      route: '/search?searchQuery=vacuum&genre=tutorial',
      reader: readerFixture(),
    });
    await user.click(await screen.findByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('vacuum');
    await user.clear(name);
    await user.type(name, 'Vacuum tutorials{Enter}');

    expect(await screen.findByText('Saved search: Vacuum tutorials')).toBeInTheDocument();
    expect(server.current()).toMatchObject([
      { name: 'Vacuum tutorials', query: 'vacuum', filter: { genre: 'tutorial' } },
    ]);
    expect(screen.queryByRole('button', { name: 'Save this search' })).not.toBeInTheDocument();
  });

  it('saves "Past week" as the period, not its first day, and shows it as the saved search', async () => {
    const server = savedSearchServer();
    const user = userEvent.setup();
    renderWithProviders(<Root />, { route: '/search?searchQuery=vacuum', reader: readerFixture() });
    const published = await screen.findByRole('group', { name: 'Published' });
    await user.click(within(published).getByRole('button', { name: 'Past week' }));
    await user.click(await screen.findByRole('button', { name: 'Save this search' }));
    await user.type(
      within(await screen.findByRole('dialog')).getByLabelText('Name'),
      ' this week{Enter}',
    );

    expect(await screen.findByText('Saved search: vacuum this week')).toBeInTheDocument();
    // The period, not the first day it has today: a week later it still means the past week.
    expect(server.current()).toMatchObject([{ query: 'vacuum', filter: { pastDays: 7 } }]);
    expect(server.current()[0]?.filter).not.toHaveProperty('from');
  });

  it('says why when the reader keeps too many', async () => {
    savedSearchServer();
    api.restore();
    api = mockApi({
      'POST /search': () => ({ data: [] }),
      'POST /get_saved_searches': () => ({ data: [] }),
      'POST /create_saved_search': () => ({
        status: 400,
        data: { statusCode: 400, reason: 'TOO_MANY_SAVED_SEARCHES', message: 'Too many.' },
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<Root />, { route: '/search?searchQuery=vacuum', reader: readerFixture() });
    await user.click(await screen.findByRole('button', { name: 'Save this search' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You can keep at most 20 saved searches: delete one first.',
    );
  });

  it('opening a saved search restarts its count; it can be renamed, put in the digest, alerted and deleted', async () => {
    const server = savedSearchServer([savedSearchFixture()]);
    const user = userEvent.setup();
    renderWithProviders(<Root />, {
      route: '/search?searchQuery=vacuum&genre=tutorial',
      reader: readerFixture(),
    });
    expect(await screen.findByText('Saved search: Vacuum tutorials')).toBeInTheDocument();
    await waitFor(() => expect(server.current()[0]?.new_matches).toBe(0));

    await user.click(screen.getByRole('checkbox', { name: 'In my weekly digest' }));
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'In my weekly digest' })).toBeChecked(),
    );
    await user.click(
      screen.getByRole('checkbox', { name: 'E-mail me new matches (at most daily)' }),
    );
    await waitFor(() =>
      expect(server.current()[0]).toMatchObject({ in_digest: true, alert: true }),
    );

    await user.click(screen.getByRole('button', { name: 'Saved search menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const name = within(await screen.findByRole('dialog')).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Vacuum{Enter}');
    expect(await screen.findByText('Saved search: Vacuum')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Saved search menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByRole('button', { name: 'Save this search' })).toBeInTheDocument();
    expect(server.current()).toEqual([]);
  });

  it('offers nothing to visitors', async () => {
    savedSearchServer();
    renderWithProviders(<Root />, { route: '/search?searchQuery=vacuum', reader: null });
    expect(await screen.findByText('Vacuum at scale')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save this search' })).not.toBeInTheDocument();
  });
});

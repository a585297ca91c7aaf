import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders, type MockedApi } from '@blogstream/shared/testing';
import { signedIn, topicsDialogRequested } from '@blogstream/shared/store';
import { TopicsDialog, filterTopics } from './topics-dialog';

const allTopics = ['Databases', 'DevOps', 'Data Science', 'Security', 'UX'];

function reader(firstTime: boolean) {
  return {
    name: 'Ada',
    email: 'ada@example.com',
    account_type: 0 as const,
    userFirstTimeUX: firstTime,
    follows_sources: false,
  };
}

let api: MockedApi;
let savedTopics: string[] | null;

function setUp(firstTime: boolean, userTopics: string[] | null) {
  savedTopics = userTopics;
  api = mockApi({
    'POST /get_all_topics': () => ({ data: allTopics }),
    'POST /get_user_topics': () => ({ data: savedTopics }),
    'POST /save_user_topics': (body) => {
      savedTopics = (body as { topics: string[] }).topics;
      return { data: { ok: true } };
    },
    'GET /check_logged_in': () => ({ data: reader(false) }),
  });
  const rendered = renderWithProviders(<TopicsDialog />);
  act(() => {
    rendered.store.dispatch(signedIn({ user: reader(firstTime) }));
  });
  return rendered;
}

describe('topics dialog', () => {
  it('welcomes first-time readers, cannot be dismissed, and needs a topic to get started', async () => {
    setUp(true, null);
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Blogstream!' });
    expect(
      within(dialog).getByText(
        "Help us find the best articles for you by selecting the topics you're interested in.",
      ),
    ).toBeInTheDocument();
    expect(await within(dialog).findByRole('button', { name: 'Get started!' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Close dialog' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('loads all topics first, then the reader’s own', async () => {
    setUp(true, null);
    await screen.findByRole('button', { name: 'Get started!' });
    const order = api.calls.map((call) => call.key).filter((key) => key.includes('topics'));
    expect(order).toEqual(['POST /get_all_topics', 'POST /get_user_topics']);
  });

  it('toggles pills, saves, re-checks the session and closes', async () => {
    const { store } = setUp(true, null);
    const databases = await screen.findByRole('button', { name: 'Databases' });
    await userEvent.click(databases);
    expect(databases).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'UX' }));
    await userEvent.click(screen.getByRole('button', { name: 'UX' }));
    await userEvent.click(screen.getByRole('button', { name: 'Get started!' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(savedTopics).toEqual(['Databases']);
    expect(api.calls.map((call) => call.key)).toContain('GET /check_logged_in');
    expect(store.getState().session.userData?.userFirstTimeUX).toBe(false);
  });

  it('opens on request for returning readers with their topics selected, and closes', async () => {
    const { store } = setUp(false, ['Security']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(topicsDialogRequested());
    });
    expect(await screen.findByRole('dialog', { name: 'My topics' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Security' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Save topics' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('filters topics by the start of their name, ignoring case', async () => {
    setUp(true, null);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Filter topics' }), 'da');
    const pills = within(screen.getByRole('group', { name: 'Topics' })).getAllByRole('button');
    expect(pills.map((pill) => pill.textContent)).toEqual(['Databases', 'Data Science']);
    expect(filterTopics(allTopics, 'SEC')).toEqual(['Security']);
    expect(filterTopics(allTopics, 'ops')).toEqual([]);
  });
});

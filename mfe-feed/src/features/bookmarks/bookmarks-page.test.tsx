import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectShowLoginToggle } from '@blogstream/shared/store';
import { articleFixture, readerFixture, renderPage } from '@blogstream/shared/testing';
import { Root } from '../../root';

describe('bookmarks', () => {
  it('asks visitors to sign in', async () => {
    const { api, store } = renderPage(<Root />, { route: '/my-bookmarks', reader: null });
    expect(screen.getByRole('heading', { name: 'Bookmarks' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to see this page.')).toBeInTheDocument();
    await waitFor(() => expect(selectShowLoginToggle(store.getState())).toBe(true));
    expect(api.calls).toHaveLength(0);
  });

  it('removes the card once the server confirms the bookmark is gone', async () => {
    let saved = [
      { ...articleFixture(1, 'Kept one'), bookmarked: true },
      { ...articleFixture(2, 'Dropped one'), bookmarked: true },
    ];
    renderPage(<Root />, {
      route: '/my-bookmarks',
      reader: readerFixture(),
      api: {
        'POST /bookmarks_feed': () => ({ data: saved }),
        'POST /remove_bookmark': (body) => {
          const { postId } = body as { postId: number };
          saved = saved.filter((item) => item.post_id !== postId);
          return { data: { postId, bookmarked: false } };
        },
      },
    });
    const dropped = (await screen.findByText('Dropped one')).closest('article')!;
    await userEvent.click(within(dropped).getByRole('button', { name: 'Remove bookmark' }));

    await waitFor(() => expect(screen.queryByText('Dropped one')).not.toBeInTheDocument());
    expect(screen.getByText('Kept one')).toBeInTheDocument();
  });
});

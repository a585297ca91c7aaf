import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserData } from '@blogstream/shared/contract';
import { selectShowLoginToggle } from '@blogstream/shared/store';
import { readerFixture, renderPage } from '@blogstream/shared/testing';
import { Root } from '../../root';

const uber = { url_name: 'uber', long_name: 'Uber Engineering', logo_file: 'uber.svg' };

let following: boolean;

function render(route: string, reader: UserData | null = readerFixture(), relatedSources = [uber]) {
  following = false;
  return renderPage(<Root />, {
    route,
    reader,
    api: {
      'POST /source_info': () => ({
        data: {
          source_id: 4,
          url_name: 'netflix',
          name: 'Netflix',
          long_name: 'Netflix Engineering',
          logo_file: '4.svg',
          following,
          related_sources: relatedSources,
        },
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
      'GET /check_logged_in': () => ({ data: readerFixture({ follows_sources: following }) }),
    },
  });
}

describe('source feed', () => {
  it("greets visitors with 'Blog Posts by' and asks them to sign in to subscribe", async () => {
    const { api, store } = render('/source-feed/source/netflix', null);
    expect(
      await screen.findByRole('heading', { name: /Blog Posts by\s*Netflix Engineering/ }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Netflix Engineering | Blogstream');
    expect(api.calls.find((call) => call.key === 'POST /source_info')?.body).toEqual({
      sourceUrlName: 'netflix',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(selectShowLoginToggle(store.getState())).toBe(true);
    expect(screen.getByRole('link', { name: 'Uber Engineering' })).toHaveAttribute(
      'href',
      '/source-feed/source/uber',
    );
  });

  it('subscribes and unsubscribes a reader after the server agrees', async () => {
    const { api } = render('/source-feed/4');
    expect(
      await screen.findByRole('heading', { name: /Posts by\s*Netflix Engineering/ }),
    ).toBeInTheDocument();
    expect(api.calls.find((call) => call.key === 'POST /source_info')?.body).toEqual({
      sourceId: 4,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribed' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    expect(api.calls.map((call) => call.key)).toEqual(
      expect.arrayContaining(['POST /follow_source', 'POST /unfollow_source']),
    );
  });

  it("heads the related blogs 'Related engineering blogs' and wraps their names between words", async () => {
    render('/source-feed/4');
    const heading = await screen.findByRole('heading', { name: 'Related engineering blogs' });
    const name = within(heading.closest('section')!).getByText('Uber Engineering');
    expect(name).toHaveAttribute('title', 'Uber Engineering');
    expect(name).toHaveStyle({ overflowWrap: 'normal', wordBreak: 'normal' });
  });

  it('shows no related-blogs heading when the source has no related blogs', async () => {
    render('/source-feed/4', readerFixture(), []);
    expect(await screen.findByRole('heading', { name: /Netflix Engineering/ })).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'Related engineering blogs' }),
    ).not.toBeInTheDocument();
  });

  it("says 'Source not found.' when it cannot be loaded", async () => {
    renderPage(<Root />, {
      route: '/source-feed/source/nope',
      reader: null,
      api: { 'POST /source_info': () => ({ status: 404 }) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Source not found.');
  });
});

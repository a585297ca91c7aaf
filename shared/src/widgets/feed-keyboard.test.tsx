import type { ReactNode } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserData } from '@blogstream/shared/contract';
import { selectShowLoginToggle } from '@blogstream/shared/store';
import { makeArticles, readerFixture, renderPage } from '@blogstream/shared/testing';
import { InfiniteFeed } from '@blogstream/shared/widgets';

const articles = makeArticles(3);

afterEach(() => act(() => new Promise((resolve) => setTimeout(resolve, 10))));

async function renderFeed(extra?: ReactNode, reader: UserData | null = readerFixture()) {
  const rendered = renderPage(
    <>
      {extra}
      <InfiniteFeed call={{ name: 'discoverFeed' }} />
    </>,
    {
      reader,
      api: {
        'POST /discover_feed': () => ({ data: articles }),
        'POST /bookmark_post': () => ({ data: { bookmarked: true } }),
      },
    },
  );
  const cards = await screen.findAllByRole('article');
  return { ...rendered, cards };
}

describe('feed keyboard shortcuts', () => {
  it('j and k move the focus to the next and previous card', async () => {
    const { cards } = await renderFeed();

    await userEvent.keyboard('j');
    expect(cards[0]).toHaveFocus();
    await userEvent.keyboard('jj');
    expect(cards[2]).toHaveFocus();
    await userEvent.keyboard('j');
    expect(cards[2]).toHaveFocus();
    await userEvent.keyboard('k');
    expect(cards[1]).toHaveFocus();
  });

  it('j starts from the card holding the focus', async () => {
    const { cards } = await renderFeed();
    within(cards[1] as HTMLElement)
      .getByRole('button', { name: 'Summary' })
      .focus();

    await userEvent.keyboard('j');
    expect(cards[2]).toHaveFocus();
  });

  it('o opens the focused card’s article', async () => {
    const { cards } = await renderFeed();
    const opened = jest.fn((event: MouseEvent) => event.preventDefault());
    const title = within(cards[1] as HTMLElement).getByRole('link', { name: articles[1]?.title });
    title.addEventListener('click', opened);

    await userEvent.keyboard('jjo');
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('b bookmarks the focused card’s article', async () => {
    const { api } = await renderFeed();

    await userEvent.keyboard('jb');
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        key: 'POST /bookmark_post',
        body: { postId: articles[0]?.post_id },
      }),
    );
  });

  it('u and d ask for more and less like the focused card in the reader’s feed', async () => {
    const { api } = await renderFeed();

    await userEvent.keyboard('ju');
    await userEvent.keyboard('jd');
    await waitFor(() =>
      expect(api.calls.filter((call) => call.key === 'POST /article_feedback')).toEqual([
        { key: 'POST /article_feedback', body: { postId: articles[0]?.post_id, feedback: 'more' } },
        { key: 'POST /article_feedback', body: { postId: articles[1]?.post_id, feedback: 'less' } },
      ]),
    );
  });

  it('b asks a visitor to sign in, as the bookmark button does', async () => {
    const { store } = await renderFeed(undefined, null);

    await userEvent.keyboard('jb');
    expect(selectShowLoginToggle(store.getState())).toBe(true);
  });

  it('s opens the focused card’s summary', async () => {
    const { cards } = await renderFeed();

    await userEvent.keyboard('js');
    expect(
      within(cards[0] as HTMLElement).getByRole('button', { name: 'Summary' }),
    ).toHaveAttribute('aria-expanded', 'true');
  });

  it('m shows more like the focused card’s article', async () => {
    const { cards } = await renderFeed();
    const moreLikeThis = within(cards[1] as HTMLElement).getByRole('link', {
      name: 'More like this',
    });

    await userEvent.keyboard('jjm');
    expect(window.location.href).toBe((moreLikeThis as HTMLAnchorElement).href);
    expect(window.location.search).toContain(String(articles[1]?.post_id));
  });

  it('r opens the focused card’s article in the reader view', async () => {
    const { cards } = await renderFeed();
    const readHere = within(cards[1] as HTMLElement).getByRole('link', { name: 'Read here' });

    await userEvent.keyboard('jjr');
    expect(window.location.href).toBe((readHere as HTMLAnchorElement).href);
    expect(window.location.pathname).toBe(`/read/${articles[1]?.post_id}`);
  });

  it('o, b, s and m do nothing before a card has the focus', async () => {
    const { store } = await renderFeed(undefined, null);

    await userEvent.keyboard('obsm');
    expect(selectShowLoginToggle(store.getState())).toBe(false);
    expect(window.location.pathname).toBe('/');
  });

  it('does not fire while typing in a field', async () => {
    const { cards } = await renderFeed(<input aria-label="Note" />);

    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'jjk');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('jjk');
    for (const card of cards) expect(card).not.toHaveFocus();
  });

  it('does not fire in an editable region', async () => {
    const { cards } = await renderFeed(<div contentEditable aria-label="Draft" role="textbox" />);
    screen.getByRole('textbox', { name: 'Draft' }).focus();

    await userEvent.keyboard('j');
    for (const card of cards) expect(card).not.toHaveFocus();
  });

  it('does not fire with Ctrl, Alt or Meta held', async () => {
    const { cards } = await renderFeed();

    await userEvent.keyboard('{Control>}j{/Control}{Alt>}j{/Alt}{Meta>}j{/Meta}');
    for (const card of cards) expect(card).not.toHaveFocus();
  });

  it('does not fire while a dialog is open', async () => {
    const { cards } = await renderFeed(<div role="dialog" aria-label="Open dialog" />);

    await userEvent.keyboard('j');
    for (const card of cards) expect(card).not.toHaveFocus();
  });
});

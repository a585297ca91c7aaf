import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ArticleText } from '@blogstream/shared/contract';
import {
  makeArticles,
  mockApi,
  renderWithProviders,
  type MockedApi,
} from '@blogstream/shared/testing';
import { InfiniteFeed } from '@blogstream/shared/widgets';
import { Root } from '../../root';

/** The browser's speech synthesis, faked: what it was asked to say, in order. */
class FakeUtterance {
  rate = 1;
  onend: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly text: string) {}
}
const said: FakeUtterance[] = [];
const synthesis = {
  speak: (utterance: FakeUtterance) => said.push(utterance),
  cancel: jest.fn(),
};

const articles = makeArticles(2);
/** Each article: two sentences, a code block (not read), then one more sentence. */
const textOf = (postId: number): ArticleText => ({
  article: articles.find((article) => article.post_id === postId)!,
  blocks: [
    { kind: 'paragraph', text: `Article ${postId} opens here. Its budget is 10 %.` },
    { kind: 'code', text: 'budget.take()' },
    { kind: 'paragraph', text: `Article ${postId} ends here.` },
  ],
  reading_minutes: 1,
});

let api: MockedApi;
beforeEach(() => {
  said.length = 0;
  synthesis.cancel.mockClear();
  Object.assign(window, { speechSynthesis: synthesis, SpeechSynthesisUtterance: FakeUtterance });
  api = mockApi({
    'POST /discover_feed': () => ({ data: articles }),
    'POST /get_article_text': (body) => ({ data: textOf((body as { postId: number }).postId) }),
  });
});
afterEach(() => {
  api.restore();
  Reflect.deleteProperty(window, 'speechSynthesis');
  Reflect.deleteProperty(window, 'SpeechSynthesisUtterance');
});

/** The sentence shown as being read. */
const spokenText = () =>
  Array.from(document.querySelectorAll('[data-spoken]'))
    .map((piece) => piece.textContent)
    .join('');

/** The browser finishes saying the last utterance. */
const finishSentence = () => act(() => said.at(-1)!.onend!());

/** A feed with the reader view beside it, as the site routes them, opened on the feed's first card. */
async function openFromFeed() {
  renderWithProviders(
    <>
      <InfiniteFeed call={{ name: 'discoverFeed' }} />
      <Root />
    </>,
    { route: '/discover' },
  );
  const [first] = await screen.findAllByRole('article');
  await userEvent.click(within(first!).getByRole('link', { name: 'Read here' }));
  await screen.findByText('Article 1 ends here.');
}

describe('listening to the reader view', () => {
  it('reads sentence by sentence with the current one shown, pauses, resumes and changes speed', async () => {
    await openFromFeed();

    await userEvent.click(screen.getByRole('button', { name: 'Listen' }));
    expect(said.map((utterance) => utterance.text)).toEqual(['Article 1 opens here.']);
    expect(spokenText()).toBe('Article 1 opens here.');

    finishSentence();
    expect(said.at(-1)!.text).toBe('Its budget is 10 %.');
    expect(spokenText()).toBe('Its budget is 10 %.');

    await userEvent.click(screen.getByRole('button', { name: 'Speed 1×' }));
    expect(screen.getByRole('button', { name: 'Speed 1.25×' })).toBeInTheDocument();
    expect(said.at(-1)).toMatchObject({ text: 'Its budget is 10 %.', rate: 1.25 });

    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(synthesis.cancel).toHaveBeenCalled();
    const saidBefore = said.length;
    // The sentence cancelled by the pause ends without moving on.
    finishSentence();
    expect(said).toHaveLength(saidBefore);

    await userEvent.click(screen.getByRole('button', { name: 'Resume' }));
    expect(said.at(-1)).toMatchObject({ text: 'Its budget is 10 %.', rate: 1.25 });
    // The code block is not read: the next sentence is the last paragraph's.
    finishSentence();
    expect(said.at(-1)!.text).toBe('Article 1 ends here.');
  });

  it('goes on to the next article of the feed it was opened from, and stops at the end of the feed', async () => {
    await openFromFeed();
    await userEvent.click(screen.getByRole('button', { name: 'Listen' }));
    finishSentence();
    finishSentence();
    finishSentence();

    expect(await screen.findByText('Article 2 ends here.')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/read/2');
    expect(said.at(-1)!.text).toBe('Article 2 opens here.');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();

    finishSentence();
    finishSentence();
    finishSentence();
    expect(window.location.pathname).toBe('/read/2');
    expect(screen.getByRole('button', { name: 'Listen' })).toBeInTheDocument();
    expect(spokenText()).toBe('');
  });

  it('opened without a list, stops at the end of the article', async () => {
    renderWithProviders(<Root />, { route: '/read/1' });
    await userEvent.click(await screen.findByRole('button', { name: 'Listen' }));
    finishSentence();
    finishSentence();
    finishSentence();

    expect(window.location.pathname).toBe('/read/1');
    expect(screen.getByRole('button', { name: 'Listen' })).toBeInTheDocument();
  });

  it('offers no listening where the browser cannot speak', async () => {
    Reflect.deleteProperty(window, 'speechSynthesis');
    renderWithProviders(<Root />, { route: '/read/1' });
    await screen.findByText('Article 1 ends here.');

    expect(screen.queryByRole('button', { name: 'Listen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Listen to the article' })).not.toBeInTheDocument();
  });
});

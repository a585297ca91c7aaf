import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AddHighlightRequest, ArticleText, Highlight } from '@blogstream/shared/contract';
import { readingText, selectorOf } from '@blogstream/shared/lib';
import { articleFixture, readerFixture, renderPage } from '@blogstream/shared/testing';
import { Root } from '../../root';

const ARTICLE: ArticleText = {
  article: { ...articleFixture(42, 'Retry budgets'), read: false },
  blocks: [
    { kind: 'paragraph', text: 'Retries multiply load when a service struggles.' },
    { kind: 'heading', level: 2, text: 'How the budget works' },
    { kind: 'paragraph', text: 'Their retry budget is 10 % of the requests.' },
    { kind: 'list_item', text: 'one budget per client' },
  ],
  reading_minutes: 1,
};
const TEXT = readingText(ARTICLE.blocks);

/** A stored highlight of `quote` as the server answers it; placed unless told it is orphaned. */
function highlightOf(id: number, quote: string, extra: Partial<Highlight> = {}): Highlight {
  const start = TEXT.indexOf(quote);
  return {
    highlight_id: id,
    post_id: 42,
    selector: selectorOf(TEXT, start, start + quote.length),
    note: '',
    created_at: '2026-11-20T10:00:00.000Z',
    placement: { start, end: start + quote.length },
    ...extra,
  };
}

/** Selects `quote` in the article as a reader dragging over it would. */
function select(quote: string) {
  const paragraph = screen.getByText(
    (_, element) => element?.textContent?.includes(quote) === true && element.tagName === 'P',
  );
  const node = paragraph.firstChild!;
  const start = node.textContent!.indexOf(quote);
  act(() => {
    document.getSelection()!.setBaseAndExtent(node, start, node, start + quote.length);
  });
  fireEvent.mouseUp(paragraph);
}

describe('reader view', () => {
  it('shows the text with its source, date, reading time and original link, and marks it read', async () => {
    const marked: unknown[] = [];
    renderPage(<Root />, {
      route: '/read/42',
      reader: readerFixture(),
      api: {
        'POST /get_article_text': () => ({ data: ARTICLE }),
        'POST /get_article_highlights': () => ({ data: [] }),
        'POST /mark_read': (body) => {
          marked.push(body);
          return { data: { read: true } };
        },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Retry budgets' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'How the budget works' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('one budget per client');
    expect(screen.getByText('1 min read')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open the original/ })).toHaveAttribute(
      'href',
      ARTICLE.article.link,
    );
    await screen.findByText('Their retry budget is 10 % of the requests.');
    expect(marked).toEqual([{ postId: 42 }]);
  });

  it("shows the blog's headings, quotes, code verbatim and images, nothing of it as markup", async () => {
    const code = 'fn main() {\n    println!("<b>10 %</b>");\n}';
    renderPage(<Root />, {
      route: '/read/42',
      api: {
        'POST /get_article_text': () => ({
          data: {
            ...ARTICLE,
            blocks: [
              { kind: 'heading', level: 3, text: 'Measuring it' },
              { kind: 'quote', text: 'Their retry budget is 10 %.' },
              { kind: 'code', text: code },
              {
                kind: 'image',
                src: 'https://cdn.example.com/budget.png',
                alt: 'Retries over time',
              },
              { kind: 'image', src: 'javascript:alert(1)', alt: 'Not an image' },
            ],
          },
        }),
      },
    });

    expect(
      await screen.findByRole('heading', { level: 3, name: 'Measuring it' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Their retry budget is 10 %.').closest('blockquote')).not.toBeNull();
    const block = document.querySelector('pre > code');
    expect(block?.textContent).toBe(code);
    expect(block?.querySelector('b')).toBeNull();
    const image = screen.getByRole('img', { name: 'Retries over time' });
    expect(image).toHaveAttribute('src', 'https://cdn.example.com/budget.png');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(screen.queryByRole('img', { name: 'Not an image' })).not.toBeInTheDocument();
  });

  it('says the full text is unavailable and links the original when no text is stored', async () => {
    renderPage(<Root />, {
      route: '/read/42',
      api: {
        'POST /get_article_text': () => ({ data: { ...ARTICLE, blocks: [], reading_minutes: 0 } }),
      },
    });
    expect(await screen.findByText(/Full text unavailable/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'open the original' })).toHaveAttribute(
      'href',
      ARTICLE.article.link,
    );
  });

  it('highlights a selected passage with a note, sending its selectors over the reading text', async () => {
    const sent: AddHighlightRequest[] = [];
    let stored: Highlight[] = [];
    renderPage(<Root />, {
      route: '/read/42',
      reader: readerFixture(),
      api: {
        'POST /get_article_text': () => ({ data: ARTICLE }),
        'POST /get_article_highlights': () => ({ data: stored }),
        'POST /mark_read': () => ({ data: { read: true } }),
        'POST /add_highlight': (body) => {
          const request = body as AddHighlightRequest;
          sent.push(request);
          stored = [highlightOf(1, request.selector.quote.exact, { note: request.note ?? '' })];
          return { data: stored[0] };
        },
      },
    });
    await screen.findByText('Their retry budget is 10 % of the requests.');
    select('retry budget is 10 %');
    const toolbar = await screen.findByRole('toolbar', { name: 'Selected passage' });
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Add note' }));
    await userEvent.type(within(toolbar).getByLabelText('Note'), 'Quote this in the design doc');
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Save note' }));

    const start = TEXT.indexOf('retry budget is 10 %');
    expect(sent).toEqual([
      {
        postId: 42,
        selector: selectorOf(TEXT, start, start + 20),
        note: 'Quote this in the design doc',
      },
    ]);
    const section = await screen.findByRole('region', { name: 'Your highlights' });
    expect(within(section).getByText('Quote this in the design doc')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Export as Markdown' })).toHaveAttribute(
      'href',
      '/api/highlights_markdown/42',
    );
    const mark = document.querySelector('mark');
    expect(mark).toHaveTextContent('retry budget is 10 %');
  });

  it('lists a highlight that can no longer be placed as orphaned, never dropping it', async () => {
    renderPage(<Root />, {
      route: '/read/42',
      reader: readerFixture(),
      api: {
        'POST /get_article_text': () => ({ data: ARTICLE }),
        'POST /mark_read': () => ({ data: { read: true } }),
        'POST /get_article_highlights': () => ({
          data: [
            highlightOf(2, 'one budget per client'),
            {
              ...highlightOf(3, 'Retries multiply load'),
              selector: {
                ...highlightOf(3, 'Retries multiply load').selector,
                quote: {
                  type: 'TextQuoteSelector',
                  exact: 'A passage since removed',
                  prefix: '',
                  suffix: '',
                },
              },
              note: 'Gone from the page',
              placement: null,
            },
          ],
        }),
      },
    });
    const section = await screen.findByRole('region', { name: 'Your highlights' });
    expect(within(section).getByText(/Orphaned: this passage is no longer/)).toBeInTheDocument();
    expect(within(section).getByText('A passage since removed')).toBeInTheDocument();
    expect(within(section).getByText('Gone from the page')).toBeInTheDocument();
    expect(document.querySelectorAll('mark')).toHaveLength(1);
  });

  it('asks a visitor to sign in instead of highlighting', async () => {
    const { store } = renderPage(<Root />, {
      route: '/read/42',
      api: { 'POST /get_article_text': () => ({ data: ARTICLE }) },
    });
    await screen.findByText('Their retry budget is 10 % of the requests.');
    select('retry budget');
    await userEvent.click(await screen.findByRole('button', { name: 'Highlight' }));
    expect(store.getState().ui.showLoginToggle).toBe(true);
  });
});

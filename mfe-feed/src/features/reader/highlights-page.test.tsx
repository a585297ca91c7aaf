import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HighlightWithArticle, HighlightsRequest } from '@blogstream/shared/contract';
import { selectorOf } from '@blogstream/shared/lib';
import { readerFixture, renderPage } from '@blogstream/shared/testing';
import { Root } from '../../root';

function highlight(
  id: number,
  quote: string,
  title: string,
  orphaned = false,
): HighlightWithArticle {
  const text = `Before. ${quote} After.`;
  return {
    highlight_id: id,
    post_id: 100 + id,
    selector: selectorOf(text, 8, 8 + quote.length),
    note: `Note on ${title}`,
    created_at: '2026-11-20T10:00:00.000Z',
    placement: orphaned ? null : { start: 8, end: 8 + quote.length },
    article: {
      title,
      link: `https://blog.example/${id}`,
      source_name: 'SRE notes',
      publishing_date: null,
    },
  };
}

const ALL = [
  highlight(2, 'their retry budget is 10 %', 'Retry budgets'),
  highlight(1, 'a passage the blog removed', 'Old post', true),
];

it('lists the reader’s highlights across articles with their notes, and finds them by words', async () => {
  const asked: HighlightsRequest[] = [];
  renderPage(<Root />, {
    route: '/highlights',
    reader: readerFixture(),
    api: {
      'POST /get_highlights': (body) => {
        const request = body as HighlightsRequest;
        asked.push(request);
        const words = (request.query ?? '').toLowerCase();
        return {
          data: ALL.filter((item) =>
            `${item.selector.quote.exact} ${item.note} ${item.article.title}`
              .toLowerCase()
              .includes(words),
          ),
        };
      },
    },
  });
  expect(await screen.findByText('their retry budget is 10 %')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Retry budgets' })).toHaveAttribute('href', '/read/102');
  expect(screen.getByRole('link', { name: 'Export all as Markdown (zip)' })).toHaveAttribute(
    'href',
    '/api/highlights_markdown_zip',
  );
  expect(screen.getByRole('link', { name: 'Export for Readwise (CSV)' })).toHaveAttribute(
    'href',
    '/api/highlights_readwise_csv',
  );
  const orphaned = screen.getByText('a passage the blog removed').closest('li')!;
  expect(within(orphaned).getByText(/Orphaned/)).toBeInTheDocument();

  await userEvent.type(screen.getByLabelText('Find in highlights, notes and titles'), 'retry');
  expect(await screen.findByText('Note on Retry budgets')).toBeInTheDocument();
  expect(screen.queryByText('a passage the blog removed')).not.toBeInTheDocument();
  expect(asked.at(-1)).toEqual({ query: 'retry', offset: 0, limit: 50 });
});

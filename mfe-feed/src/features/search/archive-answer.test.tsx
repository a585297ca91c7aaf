import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AskResponse } from '@blogstream/shared/contract';
import { articleFixture, renderPage } from '@blogstream/shared/testing';
import { Root } from '../../root';

const migration = articleFixture(7, 'Moving our API from Rails to Go');
const passage =
  'We moved it to Go one endpoint at a time. Every endpoint was shadow tested first. Rollouts were progressive.';

const answered: AskResponse = {
  kind: 'quoted',
  abstained: false,
  message: '',
  sentences: [
    { text: 'We moved it to Go one endpoint at a time.', citations: [1] },
    { text: 'Every endpoint was shadow tested first.', citations: [1] },
    { text: 'Rollouts were progressive.', citations: [1] },
  ],
  citations: [
    {
      n: 1,
      post_id: 7,
      link: 'https://rides.example/rails-to-go#:~:text=We%20moved%20it%20to,Rollouts%20were%20progressive.',
      passage,
    },
  ],
  articles: [migration],
};

describe('asking the archive from the search page', () => {
  it('answers a question above the results; a marker opens the passage, its link and its card', async () => {
    const user = userEvent.setup();
    const { api } = renderPage(<Root />, {
      route: '/search?searchQuery=How%20do%20you%20migrate%20from%20Rails%20to%20Go%3F',
      api: {
        'POST /ask': () => ({ data: answered }),
        'POST /search': () => ({ data: [articleFixture(3, 'Kafka at scale')] }),
      },
    });

    const answer = await screen.findByRole('region', { name: 'Answer from the archive' });
    expect(await within(answer).findByText(/We moved it to Go one endpoint/)).toBeInTheDocument();
    expect(api.calls.find((call) => call.key === 'POST /ask')?.body).toEqual({
      question: 'How do you migrate from Rails to Go?',
    });
    // Above the results.
    const results = await screen.findByText('Kafka at scale');
    expect(answer.compareDocumentPosition(results) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const markers = within(answer).getAllByRole('button', { name: 'Passage 1' });
    expect(markers).toHaveLength(3);
    await user.click(markers[0]!);

    const opened = within(answer).getByRole('region', { name: 'Passage 1' });
    expect(within(opened).getByText(passage)).toBeInTheDocument();
    expect(
      within(opened).getByRole('link', { name: 'Open the passage in the article' }),
    ).toHaveAttribute('href', answered.citations[0]!.link);
    expect(within(opened).getByRole('article', { name: migration.title })).toBeInTheDocument();
    expect(markers[0]).toHaveAttribute('aria-expanded', 'true');
  });

  it('says whether the answer is quoted or written by a chat model', async () => {
    renderPage(<Root />, {
      route: '/search?searchQuery=How%20do%20you%20migrate%20from%20Rails%20to%20Go%3F',
      api: {
        'POST /ask': () => ({ data: { ...answered, kind: 'written' } }),
        'POST /search': () => ({ data: [] }),
      },
    });

    const answer = await screen.findByRole('region', { name: 'Answer from the archive' });
    expect(await within(answer).findByText(/Written by a chat model/)).toBeInTheDocument();
    expect(within(answer).queryByText(/Quoted from the articles/)).not.toBeInTheDocument();
  });

  it('says when no article answers the question, and shows the nearest articles', async () => {
    const nearest = articleFixture(9, 'Tax-free savings, explained for engineers');
    renderPage(<Root />, {
      route: '/search?searchQuery=What%20is%20the%20capital%20gains%20tax%20rate%20in%20Canada%3F',
      api: {
        'POST /ask': () => ({
          data: {
            kind: 'quoted',
            abstained: true,
            message: 'No article in the archive answers this',
            sentences: [],
            citations: [],
            articles: [nearest],
          },
        }),
        'POST /search': () => ({ data: [] }),
      },
    });

    const answer = await screen.findByRole('region', { name: 'Answer from the archive' });
    expect(
      await within(answer).findByText('No article in the archive answers this.'),
    ).toBeInTheDocument();
    expect(within(answer).getByRole('article', { name: nearest.title })).toBeInTheDocument();
    expect(within(answer).queryByRole('button', { name: /Passage/ })).not.toBeInTheDocument();
  });

  it('does not ask the archive for keywords that do not read as a question', async () => {
    const { api } = renderPage(<Root />, {
      route: '/search?searchQuery=kafka',
      api: { 'POST /search': () => ({ data: [articleFixture(3, 'Kafka at scale')] }) },
    });
    expect(await screen.findByText('Kafka at scale')).toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Answer from the archive' }),
    ).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.key === 'POST /ask')).toBe(false);
  });
});

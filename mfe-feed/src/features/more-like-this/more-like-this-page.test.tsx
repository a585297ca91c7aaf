import { screen } from '@testing-library/react';
import { articleFixture, renderPage } from '@blogstream/shared/testing';
import { Root } from '../../root';

describe('more like this', () => {
  it('asks for 13 articles like the one given and shows them', async () => {
    const { api } = renderPage(<Root />, {
      route: '/more-like-this?articleId=42',
      api: {
        'POST /more_like_this': () => ({
          data: [articleFixture(42, 'The original'), articleFixture(43, 'A close one')],
        }),
      },
    });
    expect(screen.getByRole('heading', { name: 'More like this' })).toBeInTheDocument();
    expect(await screen.findByText('The original')).toBeInTheDocument();
    expect(screen.getByText('A close one')).toBeInTheDocument();
    expect(api.calls.find((call) => call.key === 'POST /more_like_this')?.body).toEqual({
      queryData: 42,
      offset: 0,
      limit: 13,
    });
  });

  it('shows nothing and asks nothing for an article id that is not one', () => {
    const { api } = renderPage(<Root />, { route: '/more-like-this?articleId=abc' });
    expect(screen.getByText('Nothing here yet.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});

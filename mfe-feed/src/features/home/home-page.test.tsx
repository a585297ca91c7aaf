import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { articleFixture, readerFixture, renderPage } from '@blogstream/shared/testing';
import { Root } from '../../root';

describe('home', () => {
  it("offers 'All' plus the reader's topics and switches the feed with the pill", async () => {
    renderPage(<Root />, {
      route: '/',
      reader: readerFixture(),
      api: {
        'POST /get_user_topics': () => ({ data: ['Databases', 'Security'] }),
        'POST /discover_feed': () => ({ data: [articleFixture(1, 'For you')] }),
        'POST /discover_feed/Security': () => ({ data: [articleFixture(2, 'About security')] }),
      },
    });
    const pills = within(await screen.findByRole('group', { name: 'Topics' }));
    await waitFor(() =>
      expect(pills.getAllByRole('button').map((pill) => pill.textContent)).toEqual([
        'All',
        'Databases',
        'Security',
      ]),
    );
    expect(await screen.findByText('For you')).toBeInTheDocument();
    await userEvent.click(pills.getByRole('button', { name: 'Security' }));
    expect(await screen.findByText('About security')).toBeInTheDocument();
    expect(pills.getByRole('button', { name: 'Security' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("offers only 'All' to a reader without topics and still shows the discover feed", async () => {
    renderPage(<Root />, {
      route: '/',
      reader: readerFixture(),
      api: {
        'POST /get_user_topics': () => ({ data: null }),
        'POST /discover_feed': () => ({ data: [articleFixture(3, 'Picked for everyone')] }),
      },
    });
    expect(await screen.findByText('Picked for everyone')).toBeInTheDocument();
    const pills = within(screen.getByRole('group', { name: 'Topics' }));
    expect(pills.getAllByRole('button').map((pill) => pill.textContent)).toEqual(['All']);
    expect(pills.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  });
});

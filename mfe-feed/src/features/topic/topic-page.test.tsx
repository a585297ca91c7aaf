import { act, screen, waitFor } from '@testing-library/react';
import { articleFixture, renderPage } from '@blogstream/shared/testing';
import { Root } from '../../root';

describe('topic page', () => {
  it('describes the topic, lists its feed, more topics and blogs to follow', async () => {
    renderPage(<Root />, {
      route: '/topic/Security',
      api: {
        'POST /get_topic_description': () => ({ data: ['Keeping systems safe.'] }),
        'POST /get_sources_for_topic': () => ({
          data: [
            { url_name: 'trail-of-bits', long_name: 'Trail of Bits Blog', logo_file: 'tob.svg' },
          ],
        }),
        'POST /search_for_discover_feed': () => ({ data: [articleFixture(5, 'Fuzzing in CI')] }),
      },
    });
    expect(screen.getByRole('heading', { name: 'Topics / Security' })).toBeInTheDocument();
    expect(document.title).toBe('Security Blogs');
    expect(await screen.findByRole('heading', { name: 'About Security' })).toBeInTheDocument();
    expect(screen.getByText('Keeping systems safe.')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Discover the best Security blogs' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Fuzzing in CI')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Databases' })).toHaveAttribute(
      'href',
      '/topic/Databases',
    );
    expect(screen.queryByRole('link', { name: 'Security' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Security blogs to follow' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Trail of Bits Blog' })).toHaveAttribute(
      'href',
      '/source-feed/source/trail-of-bits',
    );
  });

  it('shows no blogs-to-follow heading when the topic has no blogs', async () => {
    const { api } = renderPage(<Root />, {
      route: '/topic/Security',
      api: {
        'POST /get_topic_description': () => ({ data: [] }),
        'POST /get_sources_for_topic': () => ({ data: [] }),
        'POST /search_for_discover_feed': () => ({ data: [articleFixture(5, 'Fuzzing in CI')] }),
      },
    });
    await waitFor(() =>
      expect(api.calls.map((call) => call.key)).toContain('POST /get_sources_for_topic'),
    );
    expect(await screen.findByText('Fuzzing in CI')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(
      screen.queryByRole('heading', { name: 'Security blogs to follow' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'About Security' })).not.toBeInTheDocument();
  });

  it('says a topic the site does not have does not exist, and offers neither feed nor digest', async () => {
    const { api } = renderPage(<Root />, { route: '/topic/Basket%20weaving' });
    expect(screen.getByRole('heading', { name: 'Topic not found', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Topic not found | Blogstream');
    expect(
      screen.getByText('There is no topic called Basket weaving. Pick one of ours below.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Security' })).toHaveAttribute(
      'href',
      '/topic/Security',
    );
    expect(screen.queryByRole('region', { name: /digest/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Discover the best/ })).not.toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(api.calls).toEqual([]);
  });
});

import { screen } from '@testing-library/react';
import { landingFeedOf, prefetchLandingFeed } from '@blogstream/shared/api';
import { makeStore } from '@blogstream/shared/store';
import { makeArticles, mockApi, renderWithProviders } from '@blogstream/shared/testing';
import { InfiniteFeed } from '@blogstream/shared/widgets';

const at = (url: string) => {
  const { pathname, search } = new URL(url, 'https://blogstream.example');
  return { pathname, search };
};

describe("the first page of a landing page's feed", () => {
  it('is the search or the topic the URL names', () => {
    const { pathname, search } = at('/search?searchQuery=%20rust%20async%20');
    expect(landingFeedOf(pathname, search)).toEqual({
      call: { name: 'search' },
      queryData: 'rust async',
      pageSize: 12,
    });
    const topic = at('/topic/AI%20%26%20Machine%20Learning');
    expect(landingFeedOf(topic.pathname, topic.search)?.queryData).toBe('AI & Machine Learning');
    // The genre filter the address keeps, as the page's feed takes it; an unknown one is none.
    const tutorials = at('/topic/Databases?genre=tutorial');
    expect(landingFeedOf(tutorials.pathname, tutorials.search)?.filter?.genre).toBe('tutorial');
    const unknown = at('/search?searchQuery=rust&genre=gossip');
    expect(landingFeedOf(unknown.pathname, unknown.search)).not.toHaveProperty('filter');
    for (const url of ['/search', '/search?searchQuery=%20', '/', '/my-bookmarks', '/topic/%E0']) {
      const other = at(url);
      expect(landingFeedOf(other.pathname, other.search)).toBeUndefined();
    }
  });

  it('asked for before the page mounts, is the answer the page shows, asked for once', async () => {
    const api = mockApi({ 'POST /search': () => ({ data: makeArticles(3) }) });
    const store = makeStore();
    prefetchLandingFeed(store.dispatch, at('/search?searchQuery=rust'));
    renderWithProviders(<InfiniteFeed call={{ name: 'search' }} queryData="rust" />, { store });
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(api.calls.filter((call) => call.key === 'POST /search')).toHaveLength(1);
    api.restore();
  });

  it("with a genre in the address, is the filtered feed's first page", async () => {
    const api = mockApi({ 'POST /search': () => ({ data: makeArticles(2) }) });
    const store = makeStore();
    prefetchLandingFeed(store.dispatch, at('/search?searchQuery=rust&genre=release'));
    renderWithProviders(
      <InfiniteFeed call={{ name: 'search' }} queryData="rust" filter={{ genre: 'release' }} />,
      {
        store,
      },
    );
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(api.calls.filter((call) => call.key === 'POST /search')).toHaveLength(1);
    api.restore();
  });
});

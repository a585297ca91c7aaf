// The server renders these in Node; rendering to a string never touches the DOM either way.
import type { FirstViewState } from '@blogstream/shared/api';
import { articleFixture, fakeFirstViewApi, readerFixture } from '@blogstream/shared/testing';
import { render } from './feed-first-view';

const articles = [
  articleFixture(1, 'Ownership in Rust, explained'),
  articleFixture(2, 'Async Rust at scale'),
];

describe("mfe-feed's first views of data", () => {
  it("draws a search's first page of articles, from the same call the page's feed makes", async () => {
    const api = fakeFirstViewApi(() => ({ status: 200, data: articles }));

    const view = await render('/search?searchQuery=rust%20async', api.transport);

    expect(api.calls).toEqual([
      {
        url: '/search',
        method: 'POST',
        body: { queryData: 'rust async', offset: 0, limit: expect.any(Number) },
      },
    ]);
    expect(view?.html).toMatch(/^<div data-first-view="search" inert><style>/);
    expect(view?.html).toContain('Search / rust async');
    expect(view?.html).toContain('Ownership in Rust, explained');
    expect(view?.html).toContain('Async Rust at scale');
    // The page's store takes the answer under the key the page's query looks it up by.
    const queries = Object.entries((view?.state as FirstViewState | undefined)?.api?.queries ?? {});
    expect(queries).toEqual([
      [
        expect.stringMatching(/^feedPages\(.*"queryData":"rust async"/),
        expect.objectContaining({ status: 'fulfilled' }),
      ],
    ]);
  });

  it("keeps the address's genre filter, as the page's feed does", async () => {
    const api = fakeFirstViewApi(() => ({ status: 200, data: articles }));

    await render('/search?searchQuery=rust&genre=tutorial', api.transport);

    expect(api.calls[0]?.body).toEqual(expect.objectContaining({ genre: 'tutorial' }));
  });

  it("draws a topic's articles with its description and blogs", async () => {
    const api = fakeFirstViewApi(({ url }) =>
      url === '/search_for_discover_feed'
        ? { status: 200, data: articles }
        : url === '/get_topic_description'
          ? { status: 200, data: ['Languages and their compilers.'] }
          : { status: 200, data: [] },
    );

    const view = await render('/topic/Programming%20Languages', api.transport);
    const text = view?.html.replace(/<!-- -->/g, '');

    expect(api.calls.map((call) => call.url).sort()).toEqual(
      ['/search_for_discover_feed', '/get_topic_description', '/get_sources_for_topic'].sort(),
    );
    expect(text).toContain('Topics / Programming Languages');
    expect(text).toContain('Languages and their compilers.');
    expect(text).toContain('Async Rust at scale');
  });

  it("draws a signed-in reader's home, their topics and feed asked at once with who they are", async () => {
    const api = fakeFirstViewApi(({ url }) =>
      url === '/check_logged_in'
        ? { status: 200, data: readerFixture() }
        : url === '/get_user_topics'
          ? { status: 200, data: ['Databases', 'Security'] }
          : { status: 200, data: articles },
    );

    const view = await render('/?genre=tutorial', api.transport);
    const text = view?.html.replace(/<!-- -->/g, '');

    expect(api.calls.map((call) => call.url).sort()).toEqual(
      ['/check_logged_in', '/get_user_topics', '/discover_feed'].sort(),
    );
    expect(api.calls.find((call) => call.url === '/discover_feed')?.body).toEqual(
      expect.objectContaining({ offset: 0, genre: 'tutorial' }),
    );
    expect(view?.html).toMatch(/^<div data-first-view="home" inert>/);
    expect(text).toContain('Security');
    expect(text).toContain('Ownership in Rust, explained');
    // The page's feed and pills find these answers under the keys their hooks use.
    const keys = Object.keys((view?.state as FirstViewState | undefined)?.api?.queries ?? {});
    expect(keys).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^feedPages\(.*"discoverFeed".*"genre":"tutorial"/),
        'getUserTopics(undefined)',
      ]),
    );
  });

  it('draws no home for someone the session check does not name', async () => {
    const api = fakeFirstViewApi(({ url }) =>
      url === '/check_logged_in' ? { status: 200, data: {} } : { status: 200, data: [] },
    );

    expect(await render('/', api.transport)).toBeUndefined();
  });

  it('draws nothing for a page without a first view, a search without words, or a failed call', async () => {
    const answering = fakeFirstViewApi(() => ({ status: 200, data: [] }));
    expect(await render('/my-bookmarks', answering.transport)).toBeUndefined();
    expect(await render('/search?searchQuery=%20', answering.transport)).toBeUndefined();
    expect(answering.calls).toEqual([]);

    const failing = fakeFirstViewApi(() => ({
      status: 503,
      data: { reason: 'SERVICE_UNAVAILABLE' },
    }));
    expect(await render('/search?searchQuery=rust', failing.transport)).toBeUndefined();
  });
});

import { act } from '@testing-library/react';
import { baseApi, feedApi, feedQuery, firstViewStateOf } from '@blogstream/shared/api';
import { makeStore, signedIn, signedOut } from '@blogstream/shared/store';
import { articleFixture, readerFixture } from '@blogstream/shared/testing';
import { adoptFirstViewState, dropUnclaimedFirstViews } from './first-views';

function pageWithLandingFirstView() {
  document.body.innerHTML =
    '<div id="single-spa-application:mfe_feed"></div>' +
    '<div id="single-spa-application:mfe_static"><div data-first-view="landing" inert>' +
    '<h1>The best engineering blogs</h1></div></div>';
  window.history.pushState({}, '', '/');
}

const firstView = () => document.querySelector('[data-first-view]');

describe("a remote's first view", () => {
  it('stays for a visitor at /, until the landing page replaces it', () => {
    pageWithLandingFirstView();
    const store = makeStore();
    dropUnclaimedFirstViews(store);
    act(() => store.dispatch(signedOut()));
    expect(firstView()).toBeInTheDocument();
  });

  it('goes when the session shows a signed-in reader, whose / is the home feed', () => {
    pageWithLandingFirstView();
    const store = makeStore();
    dropUnclaimedFirstViews(store);
    expect(firstView()).toBeInTheDocument();
    act(() => store.dispatch(signedIn({ user: readerFixture() })));
    expect(firstView()).not.toBeInTheDocument();
  });

  it('goes when the path changes to a page of another remote', () => {
    pageWithLandingFirstView();
    const store = makeStore();
    dropUnclaimedFirstViews(store);
    act(() => store.dispatch(signedOut()));
    window.history.pushState({}, '', '/search?searchQuery=rust');
    window.dispatchEvent(new CustomEvent('single-spa:routing-event'));
    expect(firstView()).not.toBeInTheDocument();
  });
});

describe('the answers a first view of data came with', () => {
  const query = feedQuery({ name: 'search' }, 'rust');
  const articles = [articleFixture(1, 'Ownership in Rust')];

  /** The state script as the server writes it, from a store that asked the API for the feed. */
  async function pageWithFirstViewState() {
    const serverStore = makeStore(undefined, {
      transport: async () => ({ status: 200, data: articles }),
    });
    await serverStore.dispatch(feedApi.endpoints.feedPages.initiate(query));
    const state = firstViewStateOf(baseApi.reducerPath, serverStore.getState().api);
    document.body.innerHTML =
      '<div id="single-spa-application:mfe_feed"><div data-first-view="search" inert></div></div>' +
      '<script type="application/json" id="first-view-state" data-url="/search?searchQuery=rust">' +
      `${JSON.stringify(state)}</script>`;
  }

  it("go into the page's store, where the feed's query finds its first page", async () => {
    await pageWithFirstViewState();
    window.history.pushState({}, '', '/search?searchQuery=rust');
    const store = makeStore();

    adoptFirstViewState(store);

    const cached = feedApi.endpoints.feedPages.select(query)(store.getState());
    expect(cached.data?.pages).toEqual([articles]);
    expect(document.getElementById('first-view-state')).not.toBeInTheDocument();
  });

  it("leave the page with the calls a reader's first view made for their service worker", async () => {
    await pageWithFirstViewState();
    document.body.insertAdjacentHTML(
      'beforeend',
      '<script type="application/json" id="first-view-answers">[]</script>',
    );
    window.history.pushState({}, '', '/search?searchQuery=rust');

    adoptFirstViewState(makeStore());

    expect(document.getElementById('first-view-answers')).not.toBeInTheDocument();
    expect(document.querySelector('script')).not.toBeInTheDocument();
  });

  it('are left out, with the view, on a page saved for another search', async () => {
    await pageWithFirstViewState();
    window.history.pushState({}, '', '/search?searchQuery=go');
    const store = makeStore();

    adoptFirstViewState(store);

    expect(feedApi.endpoints.feedPages.select(query)(store.getState()).data).toBeUndefined();
    expect(firstView()).not.toBeInTheDocument();
  });

  it('are left out, with a logged error, when they cannot be read', () => {
    window.history.pushState({}, '', '/search?searchQuery=rust');
    document.body.innerHTML =
      '<script type="application/json" id="first-view-state" data-url="/search?searchQuery=rust">' +
      '{"api":</script>';
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = makeStore();

    adoptFirstViewState(store);

    expect(feedApi.endpoints.feedPages.select(query)(store.getState()).data).toBeUndefined();
    expect(logged).toHaveBeenCalledWith(
      'The first view came with unreadable answers',
      expect.any(SyntaxError),
    );
    logged.mockRestore();
  });
});

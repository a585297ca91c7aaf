import { act } from '@testing-library/react';
import { makeStore, signedIn, signedOut } from '@blogstream/shared/store';
import { readerFixture } from '@blogstream/shared/testing';
import { dropUnclaimedFirstViews } from './first-views';

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

import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { mockApi } from '@blogstream/shared/testing';

// A lazily loaded page can take more than testing-library's 1 s to appear when both cores are
// busy (two jest workers, decision 0039): `findBy...` waits up to 5 s, still far inside a test's 15 s.
configure({ asyncUtilTimeout: 5_000 });

// A test run in Node (`@jest-environment node`: the service worker's) has no page to set up.
if (typeof window !== 'undefined') setUpPage();

function setUpPage(): void {
  // jsdom does not lay out pages; scrolling is a no-op there.
  window.scrollTo = () => undefined;
  Element.prototype.scrollIntoView = () => undefined;

  // Nor does it report what is on screen: feeds never see their end (a test can install its own).
  class QuietIntersectionObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { IntersectionObserver: QuietIntersectionObserver });

  // No test reaches the network: calls nobody mocked answer 404 (tests mock what they need), and
  // what a test mocked goes with it.
  mockApi({});
  afterEach(() => void mockApi({}));
  // jsdom has no matchMedia; a test at a phone's width sets one (matchEveryMediaQuery).
  afterEach(() => Object.assign(window, { matchMedia: undefined }));
  // A page past its first answer of the API: it holds the XSRF cookie an unsafe call needs.
  document.cookie = 'XSRF-TOKEN=test-token; path=/';

  // Radix's select asks for pointer capture, which jsdom does not implement.
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.releasePointerCapture = () => undefined;
}

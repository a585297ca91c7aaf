import { getAppStatus, LOAD_ERROR, SKIP_BECAUSE_BROKEN } from 'single-spa';
import { firstViewStateAdopted } from '@blogstream/shared/api';
import {
  FIRST_VIEW_ANSWERS_ID,
  FIRST_VIEW_ATTRIBUTE,
  FIRST_VIEW_STATE_ID,
  type RemoteName,
} from '@blogstream/shared/contract/browser';
import { selectLoggedIn, type AppStore } from '@blogstream/shared/store';
import { isRemoteActive } from './activity';

/** The mark of a remote's first view, the HTML the server puts into its container. */
const FIRST_VIEW_SELECTOR = `[${FIRST_VIEW_ATTRIBUTE}]`;

/**
 * Puts the API answers a first view was rendered from into the store, before the remote that
 * shows them loads: its first render then draws the same articles, without asking again. A page
 * without them, or with a broken copy, loads as usual. A page rendered for another address (the
 * service worker keeps one copy of a page per path, whatever its query) loses its view and
 * answers: they are another search's. The calls a reader's first view made, which the service
 * worker read from the page as it fetched it (docs/decisions/0035 "Since"), leave the page too:
 * no script element outlives the start, whatever text it holds.
 */
export function adoptFirstViewState(store: AppStore): void {
  document.getElementById(FIRST_VIEW_ANSWERS_ID)?.remove();
  const element = document.getElementById(FIRST_VIEW_STATE_ID);
  if (!element) return;
  element.remove();
  if (element.dataset.url !== window.location.pathname + window.location.search) {
    for (const view of document.querySelectorAll(FIRST_VIEW_SELECTOR)) view.remove();
    return;
  }
  try {
    store.dispatch(firstViewStateAdopted(JSON.parse(element.textContent ?? '')));
  } catch (error) {
    console.error('The first view came with unreadable answers', error);
  }
}

const CONTAINER_PREFIX = 'single-spa-application:';

/**
 * A first view stays until its remote's first render replaces it. Removes one no remote will
 * replace: the page belongs to another remote once the session is known (a reader signed in at
 * `/`), the path changed, or the remote failed to load.
 */
export function dropUnclaimedFirstViews(store: AppStore): void {
  const views = () => [...document.querySelectorAll<HTMLElement>(FIRST_VIEW_SELECTOR)];
  if (views().length === 0) return;
  let unsubscribe = () => {};
  const check = () => {
    const remaining = views();
    const loggedIn = selectLoggedIn(store.getState());
    for (const view of remaining) {
      const remote = view.parentElement?.id.replace(CONTAINER_PREFIX, '') as RemoteName;
      const status = getAppStatus(remote);
      const failed = status === LOAD_ERROR || status === SKIP_BECAUSE_BROKEN;
      const notOwner =
        loggedIn !== 'unknown' && !isRemoteActive(remote, window.location.pathname, loggedIn);
      if (failed || notOwner) view.remove();
    }
    if (views().length === 0) {
      window.removeEventListener('single-spa:routing-event', check);
      unsubscribe();
    }
  };
  window.addEventListener('single-spa:routing-event', check);
  unsubscribe = store.subscribe(check);
}

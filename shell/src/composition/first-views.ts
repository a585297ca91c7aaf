import { getAppStatus, LOAD_ERROR, SKIP_BECAUSE_BROKEN } from 'single-spa';
import type { RemoteName } from '@blogstream/shared/contract/browser';
import { selectLoggedIn, type AppStore } from '@blogstream/shared/store';
import { isRemoteActive } from './activity';

/** The mark of a remote's first view, the static HTML the server puts into its container. */
export const FIRST_VIEW_SELECTOR = '[data-first-view]';

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

import { appBarProgressChanged, type AppStore } from '@blogstream/shared/store';

/**
 * Shows the top bar's progress bar (spec §2) while any part of the site is still loading, such as
 * a remote fetched on the first visit to its pages; it goes when the last load ends, failed or not.
 */
export function createLoadingProgress(store: AppStore) {
  let pending = 0;
  return async function whileLoading<T>(load: () => Promise<T>): Promise<T> {
    pending += 1;
    if (pending === 1) store.dispatch(appBarProgressChanged(true));
    try {
      return await load();
    } finally {
      pending -= 1;
      if (pending === 0) store.dispatch(appBarProgressChanged(false));
    }
  };
}

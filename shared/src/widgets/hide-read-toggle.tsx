import { lazy, Suspense } from 'react';
import type { FeedCall } from '@blogstream/shared/api';
import { selectLoggedIn, useAppSelector } from '@blogstream/shared/store';

/**
 * The switch and its checkbox (Radix's, about 5 KiB gzip) load only for a signed-in reader: a
 * visitor, who lands on most feeds, never sees it.
 */
const ReaderHideReadToggle = lazy(() =>
  import('./reader-hide-read-toggle.js').then((loaded) => ({
    default: loaded.ReaderHideReadToggle,
  })),
);

/**
 * Whether a feed offers Hide read: every feed but the reader's own lists (bookmarks,
 * collections), which keep what the reader put there, read or not.
 */
export function offersHideRead(call: FeedCall): boolean {
  return call.name !== 'bookmarksFeed' && call.name !== 'collectionFeed';
}

/**
 * The "Hide read" switch above a feed, for a signed-in reader: kept on the server with their
 * settings, so it is the same on every feed and device. Changing it reloads the feeds.
 */
export function HideReadToggle() {
  const loggedIn = useAppSelector(selectLoggedIn) === true;
  if (!loggedIn) return null;
  return (
    <Suspense fallback={null}>
      <ReaderHideReadToggle />
    </Suspense>
  );
}

import { lazy, Suspense } from 'react';
import { selectLoggedIn, useAppSelector } from '@blogstream/shared/store';

/**
 * A reader's saved-search controls, with the menu and dialogs they open, load only for a
 * signed-in reader: a visitor's search page (and its first view) carries none of that code.
 */
const ReaderSavedSearch = lazy(() =>
  import('./reader-saved-search').then((loaded) => ({ default: loaded.ReaderSavedSearch })),
);

/**
 * A signed-in reader's saved search of the page's words and filter (docs/decisions/0040): Save
 * this search, or the saved one's controls. Nothing for visitors.
 */
export function SavedSearchPanel({ query }: { query: string }) {
  const loggedIn = useAppSelector(selectLoggedIn);
  if (loggedIn !== true) return null;
  return (
    <Suspense fallback={null}>
      <ReaderSavedSearch query={query} />
    </Suspense>
  );
}

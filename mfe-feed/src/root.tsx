import { lazy, Suspense } from 'react';
import { RemoteRoutes } from '@blogstream/shared/mfe';
import { HomePage } from './features/home/home-page';
import { SearchPage } from './features/search/search-page';
import { MoreLikeThisPage } from './features/more-like-this/more-like-this-page';
import { BookmarksPage } from './features/bookmarks/bookmarks-page';
import { TopicPage } from './features/topic/topic-page';

// A collection's page loads when visited: its menu and dialogs bring primitives (positioning,
// focus handling) the search and feed pages, where visitors arrive, do without.
const CollectionPage = lazy(() =>
  import('./features/collection/collection-page').then((loaded) => ({
    default: loaded.CollectionPage,
  })),
);

// The reader view and the Highlights page load when visited: feeds, where readers arrive, never
// show them.
const ReaderPage = lazy(() =>
  import('./features/reader/reader-page').then((loaded) => ({ default: loaded.ReaderPage })),
);
const HighlightsPage = lazy(() =>
  import('./features/reader/highlights-page').then((loaded) => ({
    default: loaded.HighlightsPage,
  })),
);

/** The pages of the routes mfe-feed owns (the table: shared/src/contract/routes.ts). */
export function Root() {
  return (
    <RemoteRoutes
      remote="mfe_feed"
      pages={{
        home: <HomePage />,
        search: <SearchPage />,
        moreLikeThis: <MoreLikeThisPage />,
        bookmarks: <BookmarksPage />,
        topic: <TopicPage />,
        collection: (
          <Suspense fallback={null}>
            <CollectionPage />
          </Suspense>
        ),
        reader: (
          <Suspense fallback={null}>
            <ReaderPage />
          </Suspense>
        ),
        highlights: (
          <Suspense fallback={null}>
            <HighlightsPage />
          </Suspense>
        ),
      }}
    />
  );
}

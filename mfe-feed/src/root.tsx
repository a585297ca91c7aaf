import { RemoteRoutes } from '@blogstream/shared/mfe';
import { HomePage } from './features/home/home-page';
import { SearchPage } from './features/search/search-page';
import { MoreLikeThisPage } from './features/more-like-this/more-like-this-page';
import { BookmarksPage } from './features/bookmarks/bookmarks-page';
import { TopicPage } from './features/topic/topic-page';
import { CollectionPage } from './features/collection/collection-page';

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
        collection: <CollectionPage />,
      }}
    />
  );
}

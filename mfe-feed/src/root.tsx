import { Route, Routes } from 'react-router-dom';
import { HomePage } from './features/home/home-page';
import { SearchPage } from './features/search/search-page';
import { MoreLikeThisPage } from './features/more-like-this/more-like-this-page';
import { BookmarksPage } from './features/bookmarks/bookmarks-page';
import { TopicPage } from './features/topic/topic-page';
import { CollectionPage } from './features/collection/collection-page';

/** The routes mfe-feed owns (docs/ARCHITECTURE.md). */
export function Root() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/search" element={<SearchPage />} />
      <Route path="/more-like-this" element={<MoreLikeThisPage />} />
      <Route path="/my-bookmarks" element={<BookmarksPage />} />
      <Route path="/topic/:topic" element={<TopicPage />} />
      <Route path="/collection/:collectionId" element={<CollectionPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}

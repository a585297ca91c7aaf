import { Route, Routes } from 'react-router-dom';
import { SourceFeedPage } from './features/source-feed/source-feed-page';
import { SubscriptionsPage } from './features/subscriptions/subscriptions-page';

/** The routes mfe-sources owns (docs/ARCHITECTURE.md). */
export function Root() {
  return (
    <Routes>
      <Route path="/source-feed/source/:sourceUrlName" element={<SourceFeedPage />} />
      <Route path="/source-feed/:sourceId" element={<SourceFeedPage />} />
      <Route path="/subscriptions/:tab" element={<SubscriptionsPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}

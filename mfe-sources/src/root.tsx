import { RemoteRoutes } from '@blogstream/shared/mfe';
import { SourceFeedPage } from './features/source-feed/source-feed-page';
import { SourcesHealthPage } from './features/source-health/sources-health-page';
import { SubscriptionsPage } from './features/subscriptions/subscriptions-page';

/** The pages of the routes mfe-sources owns (the table: shared/src/contract/routes.ts). */
export function Root() {
  return (
    <RemoteRoutes
      remote="mfe_sources"
      pages={{
        sourceByUrlName: <SourceFeedPage />,
        sourceById: <SourceFeedPage />,
        subscriptionsArticles: <SubscriptionsPage tab="articles" />,
        subscriptionsSources: <SubscriptionsPage tab="sources" />,
        sourcesHealth: <SourcesHealthPage />,
      }}
    />
  );
}

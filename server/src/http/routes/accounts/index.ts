import type { AccountServices } from '../../../accounts/services.js';
import type { FeedFetchingOnDemand } from '../../../ingestion/on-demand/index.js';
import type { App } from '../../app-type.js';
import { registerAuthRoutes } from './auth-routes.js';
import { registerBookmarkRoutes } from './bookmark-routes.js';
import { registerCollectionRoutes } from './collection-routes.js';
import { registerDevMailRoutes } from './dev-mail-routes.js';
import { registerDigestSubscriptionRoutes } from './digest-subscription-routes.js';
import { registerFollowRoutes } from './follow-routes.js';
import { registerOpmlRoutes } from './opml-routes.js';
import { registerProfileRoutes } from './profile-routes.js';
import { registerPublicConfigRoutes, type SiteSettings } from './public-config-routes.js';
import { registerReaderControlRoutes } from './reader-control-routes.js';
import { registerSavedSearchRoutes } from './saved-search-routes.js';
import { registerSessionGuard } from './session-guard.js';
import { registerSubmissionRoutes } from './submission-routes.js';

/**
 * Accounts, sessions and each reader's own data: the session and XSRF guard on every /api call,
 * then the account, profile, bookmark, collection, saved search, follow, read state and mute,
 * OPML and submission calls.
 */
export function registerAccountRoutes(
  app: App,
  site: SiteSettings,
  services: AccountServices,
  feedFetching: FeedFetchingOnDemand,
): void {
  registerSessionGuard(app, services);
  registerPublicConfigRoutes(app, services, site);
  registerAuthRoutes(app, services);
  registerProfileRoutes(app, services);
  registerBookmarkRoutes(app, services);
  registerCollectionRoutes(app, services);
  registerSavedSearchRoutes(app, services);
  registerFollowRoutes(app, services);
  registerReaderControlRoutes(app, services);
  registerDigestSubscriptionRoutes(app, services);
  registerSubmissionRoutes(app, services, feedFetching.checkSubmission);
  registerOpmlRoutes(app, services, feedFetching.importReaderOpml, services.config.siteName);
  registerDevMailRoutes(app, services);
}

import { generateOpml } from 'feedsmith';
import type { AccountServices } from '../../../accounts/services.js';
import { followedFeeds } from '../../../db/follows.js';
import { OpmlImportError, type ReaderOpmlImporter } from '../../../ingestion/on-demand/index.js';
import { ApiFailure } from '../../api-failure.js';
import type { App } from '../../app-type.js';
import { requireUserId } from '../../current-user.js';
import { serve } from '../../endpoint.js';
import { enforceRateLimits } from './guards.js';

/**
 * The export of a reader who follows nothing: OPML 2.0's body holds at least one outline (and
 * feedsmith writes no document without one), so a note with no feed, which importers skip
 * (docs/decisions/0027-personal-opml.md).
 */
const NO_FEEDS_OUTLINE = { text: 'No subscriptions yet' };

/**
 * A reader's subscriptions as OPML 2.0, out (GET /api/subscriptions_opml, a download) and in
 * (POST /api/import_opml, limited per account: each import may fetch new feeds).
 */
export function registerOpmlRoutes(
  app: App,
  services: AccountServices,
  importOpml: ReaderOpmlImporter,
  siteName: string,
): void {
  serve(app, 'subscriptionsOpml', async (request, reply) => {
    const feeds = await followedFeeds(services.db, requireUserId(request));
    const outlines = feeds.map((feed) => ({
      text: feed.name,
      title: feed.long_name,
      type: 'rss',
      xmlUrl: feed.feed_url,
      ...(feed.site_url ? { htmlUrl: feed.site_url } : {}),
    }));
    const document = generateOpml({
      head: { title: `${siteName} subscriptions`, dateCreated: new Date() },
      body: { outlines: outlines.length > 0 ? outlines : [NO_FEEDS_OUTLINE] },
    });
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', 'attachment; filename="subscriptions.opml"')
      .type('text/x-opml; charset=utf-8')
      .send(document);
  });

  serve(app, 'importOpml', async (request) => {
    const userId = requireUserId(request);
    await enforceRateLimits(services, [['importOpmlPerAccount', String(userId)]]);
    try {
      return await importOpml(userId, request.body.opml);
    } catch (error) {
      if (error instanceof OpmlImportError) throw new ApiFailure(400, error.reason, error.message);
      throw error;
    }
  });
}

import { recordPageView } from '../../db/page-views.js';
import type { Db } from '../../db/db.js';
import type { App } from '../app-type.js';
import { serve } from '../endpoint.js';

/** The page-view counter, registered only when ANALYTICS=on (off by default). */
export function registerAnalyticsRoutes(app: App, db: Db): void {
  serve(app, 'pageView', async (request) => {
    await recordPageView(db, request.body.path);
    return { ok: true as const };
  });
}

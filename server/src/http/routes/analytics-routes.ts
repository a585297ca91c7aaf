import { okResponseSchema, pageViewRequestSchema } from '@blogstream/shared/contract';
import { recordPageView } from '../../analytics/page-views.js';
import type { Db } from '../../db/db.js';
import type { App } from '../app-type.js';

/** The page-view counter, registered only when ANALYTICS=on (off by default). */
export function registerAnalyticsRoutes(app: App, db: Db): void {
  app.post(
    '/api/analytics/page_view',
    { schema: { body: pageViewRequestSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await recordPageView(db, request.body.path);
      return { ok: true as const };
    },
  );
}

import { checkLoggedInResponseSchema } from '@blogstream/shared/contract';
import type { App } from '../app-type.js';

/**
 * GET /api/check_logged_in: the signed-in user's data, or an empty object when nobody is signed
 * in (spec §4). Accounts and sessions do not exist yet, so every caller is a visitor.
 */
export function registerSessionRoutes(app: App): void {
  app.get(
    '/api/check_logged_in',
    { schema: { response: { 200: checkLoggedInResponseSchema } } },
    async () => ({}),
  );
}

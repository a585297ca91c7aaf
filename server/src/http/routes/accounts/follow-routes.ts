import { setFollowing } from '../../../db/follows.js';
import type { AccountServices } from '../../../accounts/services.js';
import type { App } from '../../app-type.js';
import { requireUserId } from '../../current-user.js';
import { notFound } from './guards.js';
import { serve } from '../../endpoint.js';

export function registerFollowRoutes(app: App, { db }: AccountServices): void {
  for (const [name, following] of [
    ['followSource', true],
    ['unfollowSource', false],
  ] as const) {
    serve(app, name, async (request) => {
      const userId = requireUserId(request);
      if (!(await setFollowing(db, userId, request.body.sourceId, following))) {
        throw notFound('Source');
      }
      return { following };
    });
  }
}

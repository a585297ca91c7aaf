import { followResponseSchema, sourceIdRequestSchema } from '@blogstream/shared/contract';
import { setFollowing } from '../../../accounts/follows.js';
import type { AccountServices } from '../../../accounts/services.js';
import type { App } from '../../app-type.js';
import { requireUserId } from '../../current-user.js';
import { notFound } from './guards.js';

export function registerFollowRoutes(app: App, { db }: AccountServices): void {
  for (const [path, following] of [
    ['/api/follow_source', true],
    ['/api/unfollow_source', false],
  ] as const) {
    app.post(
      path,
      { schema: { body: sourceIdRequestSchema, response: { 200: followResponseSchema } } },
      async (request) => {
        const userId = requireUserId(request);
        if (!(await setFollowing(db, userId, request.body.sourceId, following))) {
          throw notFound('Source');
        }
        return { following };
      },
    );
  }
}

import { setFollowing } from '../../../db/follows.js';
import type { AccountServices } from '../../../accounts/services.js';
import type { App } from '../../app-type.js';
import { requireUserId } from '../../current-user.js';
import { notFound } from './guards.js';
import { serveOnOff } from '../../endpoint.js';

export function registerFollowRoutes(app: App, { db }: AccountServices): void {
  serveOnOff(app, ['followSource', 'unfollowSource'], (following) => async (request) => {
    if (!(await setFollowing(db, requireUserId(request), request.body.sourceId, following))) {
      throw notFound('Source');
    }
    return { following };
  });
}

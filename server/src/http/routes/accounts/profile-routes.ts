import { isTopic, TOPICS } from '@blogstream/shared/lib';
import {
  hasUnseenSubscriptions,
  markSubscriptionsSeen,
  saveUserSettings,
  saveUserTopics,
  userSettings,
  userTopics,
} from '../../../db/profile.js';
import type { AccountServices } from '../../../accounts/services.js';
import { ApiFailure } from '../../api-failure.js';
import type { App } from '../../app-type.js';
import { requireUserId } from '../../current-user.js';
import { serve } from '../../endpoint.js';

/** Topics, settings and the unseen-subscriptions flag of the signed-in reader. */
export function registerProfileRoutes(app: App, { db }: AccountServices): void {
  serve(app, 'getAllTopics', async () => [...TOPICS]);

  serve(app, 'getUserTopics', async (request) => userTopics(db, requireUserId(request)));

  serve(app, 'saveUserTopics', async (request) => {
    const userId = requireUserId(request);
    const unknown = request.body.topics.filter((topic) => !isTopic(topic));
    if (unknown.length > 0) {
      throw new ApiFailure(400, 'UNKNOWN_TOPIC', `Not a topic of this site: ${unknown.join(', ')}`);
    }
    await saveUserTopics(db, userId, request.body.topics);
    return { ok: true } as const;
  });

  serve(app, 'getUserSettings', async (request) => userSettings(db, requireUserId(request)));

  serve(app, 'saveUserSettings', async (request) => {
    const userId = requireUserId(request);
    await saveUserSettings(db, userId, request.body.settings);
    return userSettings(db, userId);
  });

  serve(app, 'checkSubscriptionsUnseen', async (request) =>
    hasUnseenSubscriptions(db, requireUserId(request)),
  );

  serve(app, 'updateSubscriptionsSeen', async (request) => {
    await markSubscriptionsSeen(db, requireUserId(request));
    return { ok: true } as const;
  });
}

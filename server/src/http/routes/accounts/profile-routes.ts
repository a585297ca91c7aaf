import { z } from 'zod';
import {
  allTopicsResponseSchema,
  okResponseSchema,
  saveUserSettingsRequestSchema,
  saveUserTopicsRequestSchema,
  subscriptionsUnseenResponseSchema,
  userSettingsSchema,
  userTopicsResponseSchema,
} from '@blogstream/shared/contract';
import { isTopic, TOPICS } from '@blogstream/shared/lib';
import {
  hasUnseenSubscriptions,
  markSubscriptionsSeen,
  saveUserSettings,
  saveUserTopics,
  userSettings,
  userTopics,
} from '../../../accounts/profile.js';
import type { AccountServices } from '../../../accounts/services.js';
import { ApiFailure } from '../../api-failure.js';
import type { App } from '../../app-type.js';
import { requireUserId } from '../../current-user.js';

/** The spec's `{}` body: anything in it is ignored. */
export const emptyBodySchema = z.object({});

/** Topics, settings and the unseen-subscriptions flag of the signed-in reader. */
export function registerProfileRoutes(app: App, { db }: AccountServices): void {
  app.post(
    '/api/get_all_topics',
    { schema: { body: emptyBodySchema, response: { 200: allTopicsResponseSchema } } },
    async () => [...TOPICS],
  );

  app.post(
    '/api/get_user_topics',
    { schema: { body: emptyBodySchema, response: { 200: userTopicsResponseSchema } } },
    async (request) => userTopics(db, requireUserId(request)),
  );

  app.post(
    '/api/save_user_topics',
    { schema: { body: saveUserTopicsRequestSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      const userId = requireUserId(request);
      const unknown = request.body.topics.filter((topic) => !isTopic(topic));
      if (unknown.length > 0) {
        throw new ApiFailure(
          400,
          'UNKNOWN_TOPIC',
          `Not a topic of this site: ${unknown.join(', ')}`,
        );
      }
      await saveUserTopics(db, userId, request.body.topics);
      return { ok: true } as const;
    },
  );

  app.post(
    '/api/get_user_settings',
    { schema: { body: emptyBodySchema, response: { 200: userSettingsSchema } } },
    async (request) => userSettings(db, requireUserId(request)),
  );

  app.post(
    '/api/save_user_settings',
    { schema: { body: saveUserSettingsRequestSchema, response: { 200: userSettingsSchema } } },
    async (request) => {
      await saveUserSettings(db, requireUserId(request), request.body.settings);
      return request.body.settings;
    },
  );

  app.post(
    '/api/check_subscriptions_unseen',
    { schema: { body: emptyBodySchema, response: { 200: subscriptionsUnseenResponseSchema } } },
    async (request) => hasUnseenSubscriptions(db, requireUserId(request)),
  );

  app.post(
    '/api/update_subscriptions_seen',
    { schema: { body: emptyBodySchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await markSubscriptionsSeen(db, requireUserId(request));
      return { ok: true } as const;
    },
  );
}

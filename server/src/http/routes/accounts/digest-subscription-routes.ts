import { clientPath, DIGEST_CONFIRM_QUERY_PARAM } from '@blogstream/shared/contract';
import { findTopic, messages } from '@blogstream/shared/lib';
import type { AccountServices } from '../../../accounts/services.js';
import {
  collectionDigestState,
  confirmSubscription,
  requestTopicSubscription,
  setCollectionDigest,
} from '../../../db/digest-subscriptions.js';
import { digestConfirmationMail } from '../../../mail/templates.js';
import { ApiFailure } from '../../api-failure.js';
import type { App } from '../../app-type.js';
import { requireUserId } from '../../current-user.js';
import { serve } from '../../endpoint.js';
import { guardWithCaptcha, notFound } from './guards.js';

const OK = { ok: true } as const;

/**
 * Digests for anyone (docs/decisions/0026-digests-for-anyone.md): a visitor's topic digest with
 * double opt-in, and a collection's digest for its owner. The digests themselves go out with the
 * weekly digest run; their one-click unsubscribe is the readers' (digest-unsubscribe-routes.ts).
 */
export function registerDigestSubscriptionRoutes(app: App, services: AccountServices): void {
  const { db, config } = services;

  serve(app, 'subscribeTopicDigest', async (request) => {
    const { email, recaptchaVerifyToken } = request.body;
    const topic = findTopic(request.body.topic);
    if (!topic) {
      throw new ApiFailure(400, 'UNKNOWN_TOPIC', `There is no topic called ${request.body.topic}.`);
    }
    await guardWithCaptcha(services, {
      clientIp: request.ip,
      captchaToken: recaptchaVerifyToken,
      perClient: 'digestSubscribePerIp',
      perAddress: [['digestSubscribePerAddress', email]],
    });
    const token = await requestTopicSubscription(db, email, topic);
    // An address that already gets the digest gets no mail, and the same answer, at once either
    // way (the mail leaves in the background): the answer tells nothing about the address.
    if (token) {
      services.background.run('sending a digest confirmation mail', async () => {
        const link = `${config.publicUrl}${clientPath('topic', {
          topic,
          [DIGEST_CONFIRM_QUERY_PARAM]: token,
        })}`;
        await services.mailer.send({
          to: email,
          ...digestConfirmationMail(config.siteName, topic, link),
        });
      });
    }
    return OK;
  });

  serve(app, 'confirmDigestSubscription', async (request) => {
    const outcome = await confirmSubscription(db, request.body.token);
    if (outcome.result === 'invalid') {
      throw new ApiFailure(
        400,
        'LINK_INVALID',
        'This confirmation link is not valid, or was already used.',
      );
    }
    if (outcome.result === 'expired') {
      throw new ApiFailure(
        410,
        'LINK_EXPIRED',
        'This confirmation link has expired. Subscribe again to get a new one.',
      );
    }
    return { kind: outcome.kind, target: outcome.target };
  });

  const collectionDigest = async (userId: number, collectionId: number) => {
    const state = await collectionDigestState(db, userId, collectionId);
    if (!state) throw notFound('Collection');
    return { subscribed: state.subscribed, email: state.email, email_verified: state.verified };
  };

  serve(app, 'getCollectionDigest', async (request) =>
    collectionDigest(requireUserId(request), request.body.collectionId),
  );

  serve(app, 'saveCollectionDigest', async (request) => {
    const userId = requireUserId(request);
    const { collectionId, subscribed } = request.body;
    const state = await collectionDigest(userId, collectionId);
    if (subscribed && !state.email_verified) {
      throw new ApiFailure(403, 'EMAIL_NOT_VERIFIED', messages.emailNotVerified);
    }
    await setCollectionDigest(db, userId, collectionId, subscribed);
    return collectionDigest(userId, collectionId);
  });
}

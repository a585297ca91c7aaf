import { z } from 'zod';
import { collectionIdRequestSchema } from './collection.js';
import { captchaTokenSchema, emailSchema, idSchema, okResponseSchema } from './common.js';
import type { EndpointDeclaration } from './endpoint-declaration.js';

/**
 * Digests for anyone (docs/decisions/0026-digests-for-anyone.md): a weekly e-mail
 * digest of a topic page for any address (double opt-in), and of a collection for its owner.
 */

/**
 * POST /subscribe_topic_digest answers okResponseSchema whether or not the address already gets
 * the digest (no address enumeration); a confirmation link is e-mailed unless it does.
 */
export const subscribeTopicDigestRequestSchema = z.object({
  email: emailSchema,
  topic: z.string().trim().min(1).max(100),
  recaptchaVerifyToken: captchaTokenSchema,
});

/** POST /confirm_digest_subscription: the token of the e-mailed link. */
export const confirmDigestSubscriptionRequestSchema = z.object({
  token: z.string().min(1).max(200),
});
export const confirmDigestSubscriptionResponseSchema = z.object({
  kind: z.enum(['topic', 'collection']),
  /** The topic's name (or the collection's id). */
  target: z.string(),
});

/** POST /get_collection_digest and /save_collection_digest answer the collection digest's state. */
export const collectionDigestSchema = z.object({
  subscribed: z.boolean(),
  /** Where it goes: the owner's account address. */
  email: z.string(),
  /** Only a verified address can get it. */
  email_verified: z.boolean(),
});
export type CollectionDigest = z.infer<typeof collectionDigestSchema>;

export const saveCollectionDigestRequestSchema = z.object({
  collectionId: idSchema,
  subscribed: z.boolean(),
});
export type SaveCollectionDigestRequest = z.infer<typeof saveCollectionDigestRequestSchema>;

/** The calls of digests of a topic or a collection (decision 0026; endpoint-declaration.ts). */
export const digestSubscriptionEndpoints = {
  subscribeTopicDigest: {
    method: 'POST',
    path: '/api/subscribe_topic_digest',
    access: 'anyone',
    tag: 'Topics',
    summary:
      "Asks for a topic's weekly e-mail digest: e-mails a confirmation link (double opt-in) unless the address already gets it; the answer is the same either way.",
    body: subscribeTopicDigestRequestSchema,
    response: okResponseSchema,
  },
  confirmDigestSubscription: {
    method: 'POST',
    path: '/api/confirm_digest_subscription',
    access: 'anyone',
    tag: 'Topics',
    summary:
      "Confirms a digest subscription with its e-mailed link's token (400 LINK_INVALID, 410 LINK_EXPIRED).",
    body: confirmDigestSubscriptionRequestSchema,
    response: confirmDigestSubscriptionResponseSchema,
  },
  getCollectionDigest: {
    method: 'POST',
    path: '/api/get_collection_digest',
    access: 'reader',
    tag: 'Collections',
    summary: "Whether the owner gets the collection's weekly digest (404 for another reader's).",
    body: collectionIdRequestSchema,
    response: collectionDigestSchema,
  },
  saveCollectionDigest: {
    method: 'POST',
    path: '/api/save_collection_digest',
    access: 'reader',
    tag: 'Collections',
    summary:
      "Turns the collection's weekly digest to the owner's verified address on or off (403 EMAIL_NOT_VERIFIED).",
    body: saveCollectionDigestRequestSchema,
    response: collectionDigestSchema,
  },
} as const satisfies Record<string, EndpointDeclaration>;

import { z } from 'zod';
import { captchaTokenSchema, emailSchema, idSchema } from './common.js';

/**
 * Digests for anyone (issue 19, docs/decisions/0026-digests-for-anyone.md): a weekly e-mail
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
export type SubscribeTopicDigestRequest = z.infer<typeof subscribeTopicDigestRequestSchema>;

/** POST /confirm_digest_subscription: the token of the e-mailed link. */
export const confirmDigestSubscriptionRequestSchema = z.object({
  token: z.string().min(1).max(200),
});
export const confirmDigestSubscriptionResponseSchema = z.object({
  kind: z.enum(['topic', 'collection']),
  /** The topic's name (or the collection's id). */
  target: z.string(),
});
export type ConfirmDigestSubscriptionResponse = z.infer<
  typeof confirmDigestSubscriptionResponseSchema
>;

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

import { z } from 'zod';
import { idSchema, nameSchema } from './common.js';

export const collectionNameSchema = nameSchema(100);

export const collectionSchema = z.object({ collection_id: z.number().int(), name: z.string() });
export type Collection = z.infer<typeof collectionSchema>;

/** POST /get_collections */
export const collectionsResponseSchema = z.array(collectionSchema);

/** POST /get_collection answers { name }. */
export const collectionIdRequestSchema = z.object({ collectionId: idSchema });
export const collectionDetailSchema = z.object({ name: z.string() });
export type CollectionDetail = z.infer<typeof collectionDetailSchema>;

/** POST /create_collection answers the new collection. */
export const createCollectionRequestSchema = z.object({ collectionName: collectionNameSchema });
/** POST /rename_collection */
export const renameCollectionRequestSchema = z.object({
  collectionId: idSchema,
  collectionName: collectionNameSchema,
});
export type RenameCollectionRequest = z.infer<typeof renameCollectionRequestSchema>;

/** POST /get_article_collections: every collection with the article's membership. */
export const articleCollectionSchema = collectionSchema.extend({ post_in_collection: z.boolean() });
export type ArticleCollection = z.infer<typeof articleCollectionSchema>;
export const articleCollectionsResponseSchema = z.array(articleCollectionSchema);

/** POST /add_article_to_collection and /remove_article_from_collection */
export const collectionMembershipRequestSchema = z.object({
  postId: idSchema,
  collectionId: idSchema,
});
export type CollectionMembershipRequest = z.infer<typeof collectionMembershipRequestSchema>;

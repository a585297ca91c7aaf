import { z } from 'zod';
import { feedRequestSchema, feedResponseSchema, postIdRequestSchema } from './article.js';
import {
  emptyRequestSchema,
  idPathSegmentSchema,
  idSchema,
  nameSchema,
  okResponseSchema,
} from './common.js';
import type { EndpointDeclaration } from './endpoint-declaration.js';

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

/** The collections calls (spec §7; endpoint-declaration.ts). */
export const collectionEndpoints = {
  getCollections: {
    method: 'POST',
    path: '/api/get_collections',
    access: 'reader',
    tag: 'Collections',
    summary: "The reader's collections.",
    body: emptyRequestSchema,
    response: collectionsResponseSchema,
  },
  getCollection: {
    method: 'POST',
    path: '/api/get_collection',
    access: 'reader',
    tag: 'Collections',
    summary: "One of the reader's collections (404 for another reader's).",
    body: collectionIdRequestSchema,
    response: collectionDetailSchema,
  },
  createCollection: {
    method: 'POST',
    path: '/api/create_collection',
    access: 'reader',
    tag: 'Collections',
    summary: 'Creates a collection.',
    body: createCollectionRequestSchema,
    response: collectionSchema,
  },
  renameCollection: {
    method: 'POST',
    path: '/api/rename_collection',
    access: 'reader',
    tag: 'Collections',
    summary: 'Renames a collection.',
    body: renameCollectionRequestSchema,
    response: collectionSchema,
  },
  deleteCollection: {
    method: 'POST',
    path: '/api/delete_collection',
    access: 'reader',
    tag: 'Collections',
    summary: 'Deletes a collection (its articles stay on the site).',
    body: collectionIdRequestSchema,
    response: okResponseSchema,
  },
  getArticleCollections: {
    method: 'POST',
    path: '/api/get_article_collections',
    access: 'reader',
    tag: 'Collections',
    summary: "The reader's collections, each saying whether it holds the article.",
    body: postIdRequestSchema,
    response: articleCollectionsResponseSchema,
  },
  addArticleToCollection: {
    method: 'POST',
    path: '/api/add_article_to_collection',
    access: 'reader',
    tag: 'Collections',
    summary: 'Puts an article in a collection.',
    body: collectionMembershipRequestSchema,
    response: okResponseSchema,
  },
  removeArticleFromCollection: {
    method: 'POST',
    path: '/api/remove_article_from_collection',
    access: 'reader',
    tag: 'Collections',
    summary: 'Takes an article out of a collection.',
    body: collectionMembershipRequestSchema,
    response: okResponseSchema,
  },
  collectionFeed: {
    method: 'POST',
    path: '/api/get_articles_in_collection/:collectionId',
    access: 'reader',
    tag: 'Collections',
    summary: "A page of a collection's articles.",
    params: z.object({ collectionId: idPathSegmentSchema }),
    body: feedRequestSchema,
    response: feedResponseSchema,
  },
} as const satisfies Record<string, EndpointDeclaration>;

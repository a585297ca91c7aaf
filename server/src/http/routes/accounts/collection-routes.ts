import { z } from 'zod';
import {
  articleCollectionsResponseSchema,
  collectionDetailSchema,
  collectionIdRequestSchema,
  collectionMembershipRequestSchema,
  collectionSchema,
  collectionsResponseSchema,
  createCollectionRequestSchema,
  feedRequestSchema,
  feedResponseSchema,
  idSchema,
  okResponseSchema,
  postIdRequestSchema,
  renameCollectionRequestSchema,
} from '@blogstream/shared/contract';
import {
  collectionArticles,
  collectionsOfArticle,
  createCollection,
  deleteCollection,
  findCollection,
  listCollections,
  MAX_COLLECTIONS_PER_READER,
  renameCollection,
  setMembership,
} from '../../../accounts/collections.js';
import type { AccountServices } from '../../../accounts/services.js';
import { ApiFailure } from '../../api-failure.js';
import type { App } from '../../app-type.js';
import { requireUserId } from '../../current-user.js';
import { notFound } from './guards.js';
import { emptyBodySchema } from './profile-routes.js';

const collectionIdParamsSchema = z.object({ collectionId: z.coerce.number().pipe(idSchema) });

/** A reader's collections. Another reader's collection id answers 404, like a missing one. */
export function registerCollectionRoutes(app: App, { db }: AccountServices): void {
  app.post(
    '/api/get_collections',
    { schema: { body: emptyBodySchema, response: { 200: collectionsResponseSchema } } },
    async (request) => listCollections(db, requireUserId(request)),
  );

  app.post(
    '/api/get_collection',
    { schema: { body: collectionIdRequestSchema, response: { 200: collectionDetailSchema } } },
    async (request) => {
      const collection = await findCollection(
        db,
        requireUserId(request),
        request.body.collectionId,
      );
      if (!collection) throw notFound('Collection');
      return { name: collection.name };
    },
  );

  app.post(
    '/api/create_collection',
    { schema: { body: createCollectionRequestSchema, response: { 200: collectionSchema } } },
    async (request) => {
      const collection = await createCollection(
        db,
        requireUserId(request),
        request.body.collectionName,
      );
      if (!collection) {
        throw new ApiFailure(
          400,
          'BAD_REQUEST',
          `A reader can keep at most ${MAX_COLLECTIONS_PER_READER} collections.`,
        );
      }
      return collection;
    },
  );

  app.post(
    '/api/rename_collection',
    { schema: { body: renameCollectionRequestSchema, response: { 200: collectionSchema } } },
    async (request) => {
      const { collectionId, collectionName } = request.body;
      const collection = await renameCollection(
        db,
        requireUserId(request),
        collectionId,
        collectionName,
      );
      if (!collection) throw notFound('Collection');
      return collection;
    },
  );

  app.post(
    '/api/delete_collection',
    { schema: { body: collectionIdRequestSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      if (!(await deleteCollection(db, requireUserId(request), request.body.collectionId))) {
        throw notFound('Collection');
      }
      return { ok: true } as const;
    },
  );

  app.post(
    '/api/get_article_collections',
    { schema: { body: postIdRequestSchema, response: { 200: articleCollectionsResponseSchema } } },
    async (request) => {
      const collections = await collectionsOfArticle(
        db,
        requireUserId(request),
        request.body.postId,
      );
      if (!collections) throw notFound('Article');
      return collections;
    },
  );

  for (const [path, member] of [
    ['/api/add_article_to_collection', true],
    ['/api/remove_article_from_collection', false],
  ] as const) {
    app.post(
      path,
      { schema: { body: collectionMembershipRequestSchema, response: { 200: okResponseSchema } } },
      async (request) => {
        const { collectionId, postId } = request.body;
        const outcome = await setMembership(
          db,
          requireUserId(request),
          collectionId,
          postId,
          member,
        );
        if (outcome === 'noSuchCollection') throw notFound('Collection');
        if (outcome === 'noSuchArticle') throw notFound('Article');
        return { ok: true } as const;
      },
    );
  }

  app.post(
    '/api/get_articles_in_collection/:collectionId',
    {
      schema: {
        params: collectionIdParamsSchema,
        body: feedRequestSchema,
        response: { 200: feedResponseSchema },
      },
    },
    async (request) => {
      const articles = await collectionArticles(
        db,
        requireUserId(request),
        request.params.collectionId,
        request.body,
      );
      if (!articles) throw notFound('Collection');
      return articles;
    },
  );
}

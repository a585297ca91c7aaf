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
} from '../../../db/collections.js';
import type { AccountServices } from '../../../accounts/services.js';
import { ApiFailure } from '../../api-failure.js';
import type { App } from '../../app-type.js';
import { requireUserId } from '../../current-user.js';
import { notFound } from './guards.js';
import { serve, serveOnOff } from '../../endpoint.js';

/** A reader's collections. Another reader's collection id answers 404, like a missing one. */
export function registerCollectionRoutes(app: App, { db }: AccountServices): void {
  serve(app, 'getCollections', async (request) => listCollections(db, requireUserId(request)));

  serve(app, 'getCollection', async (request) => {
    const collection = await findCollection(db, requireUserId(request), request.body.collectionId);
    if (!collection) throw notFound('Collection');
    return { name: collection.name };
  });

  serve(app, 'createCollection', async (request) => {
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
  });

  serve(app, 'renameCollection', async (request) => {
    const { collectionId, collectionName } = request.body;
    const collection = await renameCollection(
      db,
      requireUserId(request),
      collectionId,
      collectionName,
    );
    if (!collection) throw notFound('Collection');
    return collection;
  });

  serve(app, 'deleteCollection', async (request) => {
    if (!(await deleteCollection(db, requireUserId(request), request.body.collectionId))) {
      throw notFound('Collection');
    }
    return { ok: true } as const;
  });

  serve(app, 'getArticleCollections', async (request) => {
    const collections = await collectionsOfArticle(db, requireUserId(request), request.body.postId);
    if (!collections) throw notFound('Article');
    return collections;
  });

  serveOnOff(
    app,
    ['addArticleToCollection', 'removeArticleFromCollection'],
    (member) => async (request) => {
      const { collectionId, postId } = request.body;
      const outcome = await setMembership(db, requireUserId(request), collectionId, postId, member);
      if (outcome === 'noSuchCollection') throw notFound('Collection');
      if (outcome === 'noSuchArticle') throw notFound('Article');
      return { ok: true } as const;
    },
  );

  serve(app, 'collectionFeed', async (request) => {
    const articles = await collectionArticles(
      db,
      requireUserId(request),
      request.params.collectionId,
      request.body,
    );
    if (!articles) throw notFound('Collection');
    return articles;
  });
}

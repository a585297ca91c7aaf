import {
  bookmarkResponseSchema,
  FETCH_BOOKMARKS_PAGE,
  feedRequestSchema,
  feedResponseSchema,
  postIdRequestSchema,
} from '@blogstream/shared/contract';
import { bookmarkedArticles, setBookmark } from '../../../accounts/bookmarks.js';
import type { AccountServices } from '../../../accounts/services.js';
import type { App } from '../../app-type.js';
import { requireUserId } from '../../current-user.js';
import { notFound } from './guards.js';

export function registerBookmarkRoutes(app: App, { db }: AccountServices): void {
  for (const [path, bookmarked] of [
    ['/api/bookmark_post', true],
    ['/api/remove_bookmark', false],
  ] as const) {
    app.post(
      path,
      { schema: { body: postIdRequestSchema, response: { 200: bookmarkResponseSchema } } },
      async (request) => {
        const userId = requireUserId(request);
        if (!(await setBookmark(db, userId, request.body.postId, bookmarked))) {
          throw notFound('Article');
        }
        return { bookmarked };
      },
    );
  }

  app.post(
    '/api/bookmarks_feed',
    { schema: { body: feedRequestSchema, response: { 200: feedResponseSchema } } },
    async (request) => bookmarkedArticles(db, requireUserId(request), request.body),
  );

  app.get(
    '/api/fetch_bookmarks_feed',
    { schema: { response: { 200: feedResponseSchema } } },
    async (request) =>
      bookmarkedArticles(db, requireUserId(request), { offset: 0, limit: FETCH_BOOKMARKS_PAGE }),
  );
}

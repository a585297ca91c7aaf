import { FETCH_BOOKMARKS_PAGE } from '@blogstream/shared/contract';
import type { AccountServices } from '../../../accounts/services.js';
import { bookmarkedArticles, setBookmark } from '../../../db/bookmarks.js';
import type { App } from '../../app-type.js';
import { requireUserId } from '../../current-user.js';
import { serve, serveOnOff } from '../../endpoint.js';
import { notFound } from './guards.js';

export function registerBookmarkRoutes(app: App, { db }: AccountServices): void {
  serveOnOff(app, ['bookmarkPost', 'removeBookmark'], (bookmarked) => async (request) => {
    if (!(await setBookmark(db, requireUserId(request), request.body.postId, bookmarked))) {
      throw notFound('Article');
    }
    return { bookmarked };
  });

  serve(app, 'bookmarksFeed', async (request) =>
    bookmarkedArticles(db, requireUserId(request), request.body),
  );

  serve(app, 'fetchBookmarksFeed', async (request) =>
    bookmarkedArticles(db, requireUserId(request), { offset: 0, limit: FETCH_BOOKMARKS_PAGE }),
  );
}

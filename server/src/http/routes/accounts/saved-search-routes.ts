import { MAX_SAVED_SEARCHES } from '@blogstream/shared/contract';
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  openSavedSearch,
  updateSavedSearch,
} from '../../../db/saved-searches.js';
import { sourceNameByUrlName } from '../../../db/sources.js';
import type { AccountServices } from '../../../accounts/services.js';
import { ApiFailure } from '../../api-failure.js';
import type { App } from '../../app-type.js';
import { requireUserId } from '../../current-user.js';
import { notFound } from './guards.js';
import { serve } from '../../endpoint.js';

/**
 * A reader's saved searches (docs/decisions/0040-saved-searches.md). Another reader's saved
 * search id answers 404, like a missing one.
 */
export function registerSavedSearchRoutes(app: App, { db }: AccountServices): void {
  serve(app, 'getSavedSearches', async (request) => listSavedSearches(db, requireUserId(request)));

  serve(app, 'createSavedSearch', async (request) => {
    const { source } = request.body.filter;
    // As the search call refuses it (feedPage): a filter naming no blog is no filter to keep.
    if (source && !(await sourceNameByUrlName(db, source))) {
      throw new ApiFailure(400, 'VALIDATION_FAILED', 'The source filter names no source.');
    }
    const saved = await createSavedSearch(db, requireUserId(request), request.body);
    if (!saved) {
      throw new ApiFailure(
        400,
        'TOO_MANY_SAVED_SEARCHES',
        `You can keep at most ${MAX_SAVED_SEARCHES} saved searches: delete one first.`,
      );
    }
    return saved;
  });

  serve(app, 'updateSavedSearch', async (request) => {
    const saved = await updateSavedSearch(db, requireUserId(request), request.body);
    if (!saved) throw notFound('Saved search');
    return saved;
  });

  serve(app, 'openSavedSearch', async (request) => {
    const saved = await openSavedSearch(db, requireUserId(request), request.body.savedSearchId);
    if (!saved) throw notFound('Saved search');
    return saved;
  });

  serve(app, 'deleteSavedSearch', async (request) => {
    if (!(await deleteSavedSearch(db, requireUserId(request), request.body.savedSearchId))) {
      throw notFound('Saved search');
    }
    return { ok: true } as const;
  });
}

import { z } from 'zod';
import { feedFilterSchema } from './article.js';
import { emptyRequestSchema, idSchema, nameSchema, okResponseSchema } from './common.js';
import type { EndpointDeclaration } from './endpoint-declaration.js';
import { MAX_SAVED_SEARCHES, MAX_SEARCH_CHARS } from './limits.js';

/**
 * Saved searches that watch (docs/decisions/0040-saved-searches.md): a reader's search (its words
 * and the feed filter of the search page) kept under a name, with the count of new matches since
 * they last opened it, a section in their weekly digest and an e-mail alert if they want them.
 */
export const savedSearchNameSchema = nameSchema(100);

/**
 * A saved search's filter: the feed filter, or instead of its first day (`from`) the period of a
 * date-range pill ("Past week": `pastDays` 7), which stays relative: each run counts back from the
 * day it runs (filterOnDay in feed-filter.ts), so a search saved on "Past week" keeps meaning the
 * past week in its count, digest section, alert and RSS feed. A fixed range stays fixed.
 */
export const savedSearchFilterSchema = feedFilterSchema
  .extend({ pastDays: z.number().int().min(1).max(366).nullish() })
  .refine(({ from, pastDays }) => !from || !pastDays, {
    path: ['pastDays'],
    message: 'a period (pastDays) or a first day (from), not both',
  });
export type SavedSearchFilter = z.infer<typeof savedSearchFilterSchema>;

/** The words of a saved search: what the search call takes, at most as long as it reads. */
export const savedSearchQuerySchema = z.string().trim().min(1).max(MAX_SEARCH_CHARS);

export const savedSearchSchema = z.object({
  saved_search_id: z.number().int(),
  name: z.string(),
  query: z.string(),
  filter: savedSearchFilterSchema,
  /**
   * Articles matching its words and filter stored since the reader last opened it, up to
   * MAX_NEW_MATCHES_COUNTED.
   */
  new_matches: z.number().int().min(0),
  /** Whether its new matches are a section of the reader's weekly digest. */
  in_digest: z.boolean(),
  /** Whether new matches are e-mailed after the crawl that finds them (at most daily). */
  alert: z.boolean(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchesResponseSchema = z.array(savedSearchSchema);

/** POST /create_saved_search: the search page's words and filter, and a name for them. */
export const createSavedSearchRequestSchema = z.object({
  name: savedSearchNameSchema,
  query: savedSearchQuerySchema,
  filter: savedSearchFilterSchema.default({}),
});
export type CreateSavedSearchRequest = z.input<typeof createSavedSearchRequestSchema>;

export const savedSearchIdRequestSchema = z.object({ savedSearchId: idSchema });

/** POST /update_saved_search: the fields given change, the others stay. */
export const updateSavedSearchRequestSchema = savedSearchIdRequestSchema.extend({
  name: savedSearchNameSchema.optional(),
  inDigest: z.boolean().optional(),
  alert: z.boolean().optional(),
});
export type UpdateSavedSearchRequest = z.infer<typeof updateSavedSearchRequestSchema>;

/** The saved-search calls (endpoint-declaration.ts); another reader's id answers 404. */
export const savedSearchEndpoints = {
  getSavedSearches: {
    method: 'POST',
    path: '/api/get_saved_searches',
    access: 'reader',
    tag: 'Feeds',
    summary: "The reader's saved searches, each with its new matches since last opened.",
    body: emptyRequestSchema,
    response: savedSearchesResponseSchema,
  },
  createSavedSearch: {
    method: 'POST',
    path: '/api/create_saved_search',
    access: 'reader',
    tag: 'Feeds',
    summary: `Saves a search under a name (at most ${MAX_SAVED_SEARCHES} per reader: 400 TOO_MANY_SAVED_SEARCHES).`,
    body: createSavedSearchRequestSchema,
    response: savedSearchSchema,
  },
  updateSavedSearch: {
    method: 'POST',
    path: '/api/update_saved_search',
    access: 'reader',
    tag: 'Feeds',
    summary: 'Renames a saved search, or turns its digest section or e-mail alert on or off.',
    body: updateSavedSearchRequestSchema,
    response: savedSearchSchema,
  },
  openSavedSearch: {
    method: 'POST',
    path: '/api/open_saved_search',
    access: 'reader',
    tag: 'Feeds',
    summary: 'Marks a saved search opened: its count of new matches starts again from now.',
    body: savedSearchIdRequestSchema,
    response: savedSearchSchema,
  },
  deleteSavedSearch: {
    method: 'POST',
    path: '/api/delete_saved_search',
    access: 'reader',
    tag: 'Feeds',
    summary: 'Deletes a saved search.',
    body: savedSearchIdRequestSchema,
    response: okResponseSchema,
  },
} as const satisfies Record<string, EndpointDeclaration>;

import type {
  CreateSavedSearchRequest,
  FeedFilter,
  ResponseOf,
  SavedSearch,
  UpdateSavedSearchRequest,
} from '@blogstream/shared/contract';
import { feedFilterParams, filterOnDay } from '@blogstream/shared/contract/browser';
import { baseApi } from './base-api.js';
import { endpointRequest } from './endpoint-request.js';

/**
 * A reader's saved searches (docs/decisions/0040-saved-searches.md): the drawer lists them with
 * their new matches, the search page saves, renames, deletes and opens them; every change
 * refreshes the one list.
 */
export const savedSearchesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSavedSearches: build.query<ResponseOf<'getSavedSearches'>, void>({
      query: () => endpointRequest('getSavedSearches', { body: {} }),
      providesTags: ['SavedSearches'],
    }),
    createSavedSearch: build.mutation<SavedSearch, CreateSavedSearchRequest>({
      query: (body) => endpointRequest('createSavedSearch', { body }),
      invalidatesTags: ['SavedSearches'],
    }),
    updateSavedSearch: build.mutation<SavedSearch, UpdateSavedSearchRequest>({
      query: (body) => endpointRequest('updateSavedSearch', { body }),
      invalidatesTags: ['SavedSearches'],
    }),
    openSavedSearch: build.mutation<SavedSearch, number>({
      query: (savedSearchId) => endpointRequest('openSavedSearch', { body: { savedSearchId } }),
      invalidatesTags: ['SavedSearches'],
    }),
    deleteSavedSearch: build.mutation<ResponseOf<'deleteSavedSearch'>, number>({
      query: (savedSearchId) => endpointRequest('deleteSavedSearch', { body: { savedSearchId } }),
      invalidatesTags: ['SavedSearches'],
    }),
  }),
});

export const {
  useGetSavedSearchesQuery,
  useCreateSavedSearchMutation,
  useUpdateSavedSearchMutation,
  useOpenSavedSearchMutation,
  useDeleteSavedSearchMutation,
} = savedSearchesApi;

/**
 * The reader's saved search of these words and this filter, if they saved it: a saved period
 * ("Past week") is the page's filter when its first day is today's for that period.
 */
export function savedSearchOf(
  saved: readonly SavedSearch[],
  query: string,
  filter: FeedFilter,
): SavedSearch | undefined {
  const params = feedFilterParams(filter);
  return saved.find(
    (search) => search.query === query && feedFilterParams(filterOnDay(search.filter)) === params,
  );
}

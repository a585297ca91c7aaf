import { createApi } from '@reduxjs/toolkit/query/react';
import type { BodyOf, ResponseOf } from '@blogstream/shared/contract';
import { SITE_NAME } from '@blogstream/shared/lib';
import { endpointRequest } from './endpoint-request.js';
import { firstViewStateAdopted } from './first-view-state.js';
import { httpBaseQuery } from './http-client.js';

/**
 * Provided by every list of collections (the drawer's, a card's memberships). Deleting a
 * collection refreshes these but not the deleted collection's own page, which would ask the
 * server for it again (404) while the reader is being taken home.
 */
export const COLLECTION_LISTS = { type: 'Collections', id: 'LISTS' } as const;

/**
 * The ONE RTK Query api of the site. Endpoints used by two or more packages live here;
 * a remote adds its own with `baseApi.injectEndpoints` when it loads.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: httpBaseQuery,
  // A server-rendered first view's answers (first-view-state.ts), in RTK Query's own state shape
  // as the first view's store had it.
  extractRehydrationInfo: (action, { reducerPath }) =>
    firstViewStateAdopted.match(action) ? (action.payload[reducerPath] as never) : undefined,
  tagTypes: [
    'Session',
    'PublicConfig',
    'UserTopics',
    'Collections',
    'Feed',
    'Sources',
    'Settings',
    'FeedFilters',
    'Highlights',
    'SavedSearches',
  ],
  endpoints: (build) => ({
    checkLoggedIn: build.query<ResponseOf<'checkLoggedIn'>, void>({
      query: () => endpointRequest('checkLoggedIn'),
      providesTags: ['Session'],
    }),
    publicConfig: build.query<ResponseOf<'publicConfig'>, void>({
      query: () => endpointRequest('publicConfig'),
      providesTags: ['PublicConfig'],
    }),
    getAllTopics: build.query<ResponseOf<'getAllTopics'>, void>({
      query: () => endpointRequest('getAllTopics', { body: {} }),
    }),
    getUserTopics: build.query<ResponseOf<'getUserTopics'>, void>({
      query: () => endpointRequest('getUserTopics', { body: {} }),
      providesTags: ['UserTopics'],
    }),
    saveUserTopics: build.mutation<ResponseOf<'saveUserTopics'>, BodyOf<'saveUserTopics'>>({
      query: (body) => endpointRequest('saveUserTopics', { body }),
      invalidatesTags: ['UserTopics', 'Feed'],
    }),
    getCollections: build.query<ResponseOf<'getCollections'>, void>({
      query: () => endpointRequest('getCollections', { body: {} }),
      providesTags: [COLLECTION_LISTS],
    }),
  }),
});

export const {
  useCheckLoggedInQuery,
  usePublicConfigQuery,
  useGetAllTopicsQuery,
  useGetUserTopicsQuery,
  useSaveUserTopicsMutation,
  useGetCollectionsQuery,
} = baseApi;

/** The site's name: a runtime setting (public config), the built-in name until it arrives. */
export function useSiteName(): string {
  return baseApi.endpoints.publicConfig.useQuery().data?.siteName ?? SITE_NAME;
}

import { createApi } from '@reduxjs/toolkit/query/react';
import type {
  CheckLoggedInResponse,
  Collection,
  OkResponse,
  PublicConfig,
  SaveUserTopicsRequest,
} from '@blogstream/shared/contract';
import { SITE_NAME } from '@blogstream/shared/lib';
import { axiosBaseQuery } from './http-client.js';

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
  baseQuery: axiosBaseQuery,
  tagTypes: ['Session', 'PublicConfig', 'UserTopics', 'Collections', 'Feed', 'Sources', 'Settings'],
  endpoints: (build) => ({
    checkLoggedIn: build.query<CheckLoggedInResponse, void>({
      query: () => ({ url: '/check_logged_in', method: 'GET' }),
      providesTags: ['Session'],
    }),
    publicConfig: build.query<PublicConfig, void>({
      query: () => ({ url: '/public_config', method: 'GET' }),
      providesTags: ['PublicConfig'],
    }),
    getAllTopics: build.query<string[], void>({
      query: () => ({ url: '/get_all_topics', body: {} }),
    }),
    getUserTopics: build.query<string[] | null, void>({
      query: () => ({ url: '/get_user_topics', body: {} }),
      providesTags: ['UserTopics'],
    }),
    saveUserTopics: build.mutation<OkResponse, SaveUserTopicsRequest>({
      query: (body) => ({ url: '/save_user_topics', body }),
      invalidatesTags: ['UserTopics', 'Feed'],
    }),
    getCollections: build.query<Collection[], void>({
      query: () => ({ url: '/get_collections', body: {} }),
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

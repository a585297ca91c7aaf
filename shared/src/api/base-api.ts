import { createApi } from '@reduxjs/toolkit/query/react';
import type { CheckLoggedInResponse } from '@blogstream/shared/contract';
import { axiosBaseQuery } from './http-client.js';

/**
 * The ONE RTK Query api of the site. Endpoints used by two or more packages live here;
 * a remote adds its own with `baseApi.injectEndpoints` when it loads.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: axiosBaseQuery,
  tagTypes: ['Session', 'UserTopics', 'Collections', 'Feed', 'Sources', 'Settings'],
  endpoints: (build) => ({
    checkLoggedIn: build.query<CheckLoggedInResponse, void>({
      query: () => ({ url: '/check_logged_in', method: 'GET' }),
      providesTags: ['Session'],
    }),
  }),
});

export const { useCheckLoggedInQuery } = baseApi;

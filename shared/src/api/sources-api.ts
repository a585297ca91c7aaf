import type { ResponseOf } from '@blogstream/shared/contract';
import { baseApi } from './base-api.js';
import { endpointRequest } from './endpoint-request.js';

/** Sources and following them: the source list is shown by mfe-sources and the landing page. */
export const sourcesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSources: build.query<ResponseOf<'sources'>, void>({
      query: () => endpointRequest('sources', { body: {} }),
      providesTags: ['Sources'],
    }),
    getRecommendedSources: build.query<ResponseOf<'recommendedSources'>, void>({
      query: () => endpointRequest('recommendedSources', { body: {} }),
      providesTags: ['Sources'],
    }),
    followSource: build.mutation<ResponseOf<'followSource'>, number>({
      query: (sourceId) => endpointRequest('followSource', { body: { sourceId } }),
      invalidatesTags: ['Sources', 'Session'],
    }),
    unfollowSource: build.mutation<ResponseOf<'unfollowSource'>, number>({
      query: (sourceId) => endpointRequest('unfollowSource', { body: { sourceId } }),
      invalidatesTags: ['Sources', 'Session'],
    }),
  }),
});

export const {
  useGetSourcesQuery,
  useGetRecommendedSourcesQuery,
  useFollowSourceMutation,
  useUnfollowSourceMutation,
} = sourcesApi;

import type { FollowResponse, Source } from '@blogstream/shared/contract';
import { baseApi } from './base-api.js';

/** Sources and following them: the source list is shown by mfe-sources and the landing page. */
export const sourcesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSources: build.query<Source[], void>({
      query: () => ({ url: '/sources', body: {} }),
      providesTags: ['Sources'],
    }),
    getRecommendedSources: build.query<Source[], void>({
      query: () => ({ url: '/get_recommended_sources', body: {} }),
      providesTags: ['Sources'],
    }),
    followSource: build.mutation<FollowResponse, number>({
      query: (sourceId) => ({ url: '/follow_source', body: { sourceId } }),
      invalidatesTags: ['Sources', 'Session'],
    }),
    unfollowSource: build.mutation<FollowResponse, number>({
      query: (sourceId) => ({ url: '/unfollow_source', body: { sourceId } }),
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

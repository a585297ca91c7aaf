import { baseApi, endpointRequest } from '@blogstream/shared/api';
import type { SourceInfo, SourceInfoRequest } from '@blogstream/shared/contract';

/** One source's name, logo and related sources for its page, a call only mfe-sources makes. */
export const sourceInfoApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sourceInfo: build.query<SourceInfo, SourceInfoRequest>({
      query: (body) => endpointRequest('sourceInfo', { body }),
      providesTags: ['Sources'],
    }),
  }),
});

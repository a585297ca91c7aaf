import { baseApi, endpointRequest } from '@blogstream/shared/api';
import type { SourceHealth, SourcesHealthResponse } from '@blogstream/shared/contract';

/** Source health calls only mfe-sources makes (GET /source_health/:name, GET /sources_health). */
export const sourceHealthApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sourceHealth: build.query<SourceHealth, string>({
      query: (sourceUrlName) => endpointRequest('sourceHealth', { params: { sourceUrlName } }),
      providesTags: ['Sources'],
    }),
    sourcesHealth: build.query<SourcesHealthResponse, void>({
      query: () => endpointRequest('sourcesHealth'),
      providesTags: ['Sources'],
    }),
  }),
});

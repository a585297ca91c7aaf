import { baseApi, endpointRequest } from '@blogstream/shared/api';
import type { ImportOpmlResponse } from '@blogstream/shared/contract';

/** The OPML import, a call only mfe-sources makes (the export is a plain download link). */
export const opmlApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    importOpml: build.mutation<ImportOpmlResponse, string>({
      query: (opml) => endpointRequest('importOpml', { body: { opml } }),
      invalidatesTags: ['Sources', 'Feed'],
    }),
  }),
});

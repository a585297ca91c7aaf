import { baseApi, endpointRequest } from '@blogstream/shared/api';
import type { SubmitSourceRequest, SubmitSourceResponse } from '@blogstream/shared/contract';

/** A blog suggested for the catalogue, a call only mfe-static makes. */
export const submitApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    submitSource: build.mutation<SubmitSourceResponse, SubmitSourceRequest>({
      query: (body) => endpointRequest('submitSource', { body }),
    }),
  }),
});

import { baseApi, endpointRequest } from '@blogstream/shared/api';
import type { ResponseOf } from '@blogstream/shared/contract';

export const askApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    askArchive: build.query<ResponseOf<'ask'>, string>({
      query: (question) => endpointRequest('ask', { body: { question } }),
    }),
  }),
});

export const { useAskArchiveQuery } = askApi;

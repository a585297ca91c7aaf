import { baseApi, endpointRequest } from '@blogstream/shared/api';

/** Marking the followed sources' articles seen, a call only mfe-sources makes. */
export const seenApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    updateSubscriptionsSeen: build.mutation<unknown, void>({
      query: () => endpointRequest('updateSubscriptionsSeen', { body: {} }),
    }),
  }),
});

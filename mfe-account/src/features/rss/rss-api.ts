import { baseApi, endpointRequest } from '@blogstream/shared/api';
import type { RssFeedEntry } from '@blogstream/shared/contract';

/** A premium reader's RSS feed addresses, a call only mfe-account makes. */
export const rssApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    availableFeeds: build.query<RssFeedEntry[], void>({
      query: () => endpointRequest('rssFeeds'),
    }),
  }),
});

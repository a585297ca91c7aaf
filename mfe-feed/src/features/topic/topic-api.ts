import { baseApi, endpointRequest } from '@blogstream/shared/api';
import type { RelatedSource } from '@blogstream/shared/contract';

const topicApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTopicDescription: build.query<string[], string>({
      query: (topic) => endpointRequest('topicDescription', { body: { topic_name: topic } }),
    }),
    getSourcesForTopic: build.query<RelatedSource[], string>({
      query: (topic) => endpointRequest('topicSources', { body: { topic_name: topic } }),
    }),
  }),
});

export const { useGetTopicDescriptionQuery, useGetSourcesForTopicQuery } = topicApi;

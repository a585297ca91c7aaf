import { baseApi } from '@blogstream/shared/api';
import type { RelatedSource } from '@blogstream/shared/contract';

const topicApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTopicDescription: build.query<string[], string>({
      query: (topic) => ({ url: '/get_topic_description', body: { topic_name: topic } }),
    }),
    getSourcesForTopic: build.query<RelatedSource[], string>({
      query: (topic) => ({ url: '/get_sources_for_topic', body: { topic_name: topic } }),
    }),
  }),
});

export const { useGetTopicDescriptionQuery, useGetSourcesForTopicQuery } = topicApi;

import { baseApi, endpointRequest } from '@blogstream/shared/api';
import type { BodyOf, RelatedSource, ResponseOf } from '@blogstream/shared/contract';

export const topicApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTopicDescription: build.query<string[], string>({
      query: (topic) => endpointRequest('topicDescription', { body: { topic_name: topic } }),
    }),
    getSourcesForTopic: build.query<RelatedSource[], string>({
      query: (topic) => endpointRequest('topicSources', { body: { topic_name: topic } }),
    }),
    subscribeTopicDigest: build.mutation<
      ResponseOf<'subscribeTopicDigest'>,
      BodyOf<'subscribeTopicDigest'>
    >({
      query: (body) => endpointRequest('subscribeTopicDigest', { body }),
    }),
    confirmDigestSubscription: build.mutation<ResponseOf<'confirmDigestSubscription'>, string>({
      query: (token) => endpointRequest('confirmDigestSubscription', { body: { token } }),
    }),
  }),
});

export const {
  useGetTopicDescriptionQuery,
  useGetSourcesForTopicQuery,
  useSubscribeTopicDigestMutation,
  useConfirmDigestSubscriptionMutation,
} = topicApi;

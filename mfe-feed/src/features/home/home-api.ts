import { baseApi } from '@blogstream/shared/api';

/**
 * The reader's topics, the home's pills: the page asks with useGetUserTopicsQuery, its first view
 * (feed-first-view.tsx) through this endpoint, so the page finds the answer the view was drawn with.
 */
export const userTopicsEndpoint = baseApi.endpoints.getUserTopics;

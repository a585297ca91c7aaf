import type { ArticleFeedbackRequest, MuteRequest, ResponseOf } from '@blogstream/shared/contract';
import { baseApi } from './base-api.js';
import { endpointRequest } from './endpoint-request.js';
import { applyToCachedFeeds, type ConfirmedChange } from './feed-api.js';

/**
 * Once the server confirmed it, every feed on the page showing the article shows its new read
 * state. The card stays where it is even with Hide read on: the feed leaves it out from its next
 * load, not under the reader's pointer.
 */
async function applyReadEverywhere(
  postId: number,
  change: ConfirmedChange<ResponseOf<'markRead'>>,
) {
  await applyToCachedFeeds(change, (draft, _feed, { read }) => {
    for (const article of draft.pages.flat()) {
      if (article.post_id === postId) article.read = read;
    }
  });
}

/**
 * Read state, Hide read and mutes (decision 0022): a change to what the feeds leave out reloads them,
 * so muted cards leave every feed on the page.
 */
export const readerControlsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    markRead: build.mutation<ResponseOf<'markRead'>, number>({
      query: (postId) => endpointRequest('markRead', { body: { postId } }),
      onQueryStarted: (postId, api) => applyReadEverywhere(postId, api),
    }),
    markUnread: build.mutation<ResponseOf<'markUnread'>, number>({
      query: (postId) => endpointRequest('markUnread', { body: { postId } }),
      onQueryStarted: (postId, api) => applyReadEverywhere(postId, api),
    }),
    getFeedFilters: build.query<ResponseOf<'getFeedFilters'>, void>({
      query: () => endpointRequest('getFeedFilters', { body: {} }),
      providesTags: ['FeedFilters'],
    }),
    saveHideRead: build.mutation<ResponseOf<'saveHideRead'>, boolean>({
      query: (hide) => endpointRequest('saveHideRead', { body: { hide_read: hide } }),
      invalidatesTags: ['FeedFilters', 'Feed'],
    }),
    addMute: build.mutation<ResponseOf<'addMute'>, MuteRequest>({
      query: (body) => endpointRequest('addMute', { body }),
      invalidatesTags: ['FeedFilters', 'Feed'],
    }),
    // The feeds keep their pages: the ranking takes the feedback from the next page on (decision
    // 0036); the cards on the page only show it.
    setArticleFeedback: build.mutation<ResponseOf<'setArticleFeedback'>, ArticleFeedbackRequest>({
      query: (body) => endpointRequest('setArticleFeedback', { body }),
      onQueryStarted: async ({ postId }, change) => {
        await applyToCachedFeeds(change, (draft, _feed, { feedback }) => {
          for (const article of draft.pages.flat()) {
            if (article.post_id === postId) article.feedback = feedback;
          }
        });
      },
    }),
    removeMute: build.mutation<ResponseOf<'removeMute'>, MuteRequest>({
      query: (body) => endpointRequest('removeMute', { body }),
      invalidatesTags: ['FeedFilters', 'Feed'],
    }),
  }),
});

export const {
  useMarkReadMutation,
  useMarkUnreadMutation,
  useGetFeedFiltersQuery,
  useSaveHideReadMutation,
  useAddMuteMutation,
  useRemoveMuteMutation,
  useSetArticleFeedbackMutation,
} = readerControlsApi;

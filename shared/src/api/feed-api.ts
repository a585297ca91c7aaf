import type {
  Article,
  ArticleCollection,
  BookmarkResponse,
  Collection,
  CollectionMembershipRequest,
  Summary,
} from '@blogstream/shared/contract';
import { baseApi, COLLECTION_LISTS } from './base-api.js';

/** Which feed call to page through, with what, how many at a time. */
export interface FeedQuery {
  /** The feed call, e.g. '/discover_feed' or '/source_feed/12'. */
  url: string;
  queryData?: string | number | null;
  pageSize: number;
}

/**
 * Feeds, bookmarks, summaries and collections: the calls behind the article card, the feed and
 * the collection dialog, which several remotes show.
 */
export const feedApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    feedPages: build.infiniteQuery<Article[], FeedQuery, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        // A page shorter than the limit is the last one (spec §4).
        getNextPageParam: (lastPage, _allPages, lastOffset, _allOffsets, { pageSize }) =>
          lastPage.length < pageSize ? undefined : lastOffset + pageSize,
      },
      query: ({ queryArg, pageParam }) => ({
        url: queryArg.url,
        body: {
          queryData: queryArg.queryData ?? null,
          offset: pageParam,
          limit: queryArg.pageSize,
        },
      }),
      providesTags: (_pages, _error, query) => ['Feed', { type: 'Feed', id: query.url }],
    }),
    bookmarkPost: build.mutation<BookmarkResponse, number>({
      query: (postId) => ({ url: '/bookmark_post', body: { postId } }),
      onQueryStarted: (postId, api) => applyBookmarkEverywhere(postId, api),
    }),
    removeBookmark: build.mutation<BookmarkResponse, number>({
      query: (postId) => ({ url: '/remove_bookmark', body: { postId } }),
      onQueryStarted: (postId, api) => applyBookmarkEverywhere(postId, api),
    }),
    postSummary: build.query<Summary, number>({
      query: (postId) => ({ url: '/post_summary', body: { post_id: postId } }),
    }),
    getArticleCollections: build.query<ArticleCollection[], number>({
      query: (postId) => ({ url: '/get_article_collections', body: { postId } }),
      providesTags: [COLLECTION_LISTS],
    }),
    addArticleToCollection: build.mutation<unknown, CollectionMembershipRequest>({
      query: (body) => ({ url: '/add_article_to_collection', body }),
      invalidatesTags: ['Collections'],
    }),
    removeArticleFromCollection: build.mutation<unknown, CollectionMembershipRequest>({
      query: (body) => ({ url: '/remove_article_from_collection', body }),
      invalidatesTags: ['Collections'],
    }),
    createCollection: build.mutation<Collection, string>({
      query: (collectionName) => ({ url: '/create_collection', body: { collectionName } }),
      invalidatesTags: ['Collections'],
    }),
  }),
});

interface BookmarkLifecycle {
  dispatch: (action: unknown) => unknown;
  getState: () => unknown;
  queryFulfilled: Promise<{ data: BookmarkResponse }>;
}

const BOOKMARKS_FEED = '/bookmarks_feed';

/**
 * Once the server confirmed a bookmark change (never before, spec §4), every feed on the page
 * showing that article shows the new state, and a removed bookmark leaves the Bookmarks feed at
 * once; that feed then reloads, so the offsets of its later pages match the server's list again.
 */
async function applyBookmarkEverywhere(
  postId: number,
  { dispatch, getState, queryFulfilled }: BookmarkLifecycle,
) {
  const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
  if (!data) return;
  const state = getState() as Parameters<typeof feedApi.util.selectCachedArgsForQuery>[0];
  for (const feed of feedApi.util.selectCachedArgsForQuery(state, 'feedPages')) {
    dispatch(
      feedApi.util.updateQueryData('feedPages', feed, (draft) => {
        if (feed.url === BOOKMARKS_FEED && !data.bookmarked) {
          draft.pages = draft.pages.map((page) => page.filter((item) => item.post_id !== postId));
        }
        for (const article of draft.pages.flat()) {
          if (article.post_id === postId) article.bookmarked = data.bookmarked;
        }
      }),
    );
  }
  dispatch(feedApi.util.invalidateTags([{ type: 'Feed', id: BOOKMARKS_FEED }]));
}

export const {
  useFeedPagesInfiniteQuery,
  useBookmarkPostMutation,
  useRemoveBookmarkMutation,
  useLazyPostSummaryQuery,
  useGetArticleCollectionsQuery,
  useAddArticleToCollectionMutation,
  useRemoveArticleFromCollectionMutation,
  useCreateCollectionMutation,
} = feedApi;

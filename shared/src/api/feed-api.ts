import type {
  Article,
  CollectionMembershipRequest,
  FeedEndpointName,
  FeedFilter,
  PathParamsOf,
  ResponseOf,
} from '@blogstream/shared/contract';
import { endpointPath } from '@blogstream/shared/contract/browser';
import { baseApi, COLLECTION_LISTS } from './base-api.js';
import { endpointRequest, type EndpointInput } from './endpoint-request.js';

/** One of the feed calls of the endpoint table, with its path parameters if it has any. */
export type FeedCall = {
  [Name in FeedEndpointName]: { name: Name } & (keyof PathParamsOf<Name> extends never
    ? { params?: undefined }
    : { params: PathParamsOf<Name> });
}[FeedEndpointName];

/** Which feed call to page through, with what, how many at a time. */
export interface FeedQuery {
  call: FeedCall;
  queryData?: string | number | null;
  pageSize: number;
  /**
   * What the feed is narrowed to (the address's filter, feedFilterOf); left out when nothing is,
   * so the query is the plain one.
   */
  filter?: FeedFilter;
}

/** The feed's path, which also tags its cached pages. */
export function feedPath({ name, params }: FeedCall): string {
  return endpointPath(name, params as PathParamsOf<typeof name>);
}

/**
 * Feeds, bookmarks, summaries and collections: the calls behind the article card, the feed and
 * the collection dialog, which several remotes show.
 */
export const feedApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    feedPages: build.infiniteQuery<ResponseOf<'discoverFeed'>, FeedQuery, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        // A page shorter than the limit is the last one (spec §4).
        getNextPageParam: (lastPage, _allPages, lastOffset, _allOffsets, { pageSize }) =>
          lastPage.length < pageSize ? undefined : lastOffset + pageSize,
      },
      query: ({ queryArg, pageParam }) => {
        const { name, params } = queryArg.call;
        const body = {
          queryData: queryArg.queryData ?? null,
          offset: pageParam,
          limit: queryArg.pageSize,
          ...queryArg.filter,
        };
        // Every feed call takes the same body; only the path parameters differ by name.
        return endpointRequest(name, { params, body } as EndpointInput<typeof name>);
      },
      providesTags: (_pages, _error, query) => ['Feed', { type: 'Feed', id: feedPath(query.call) }],
    }),
    bookmarkPost: build.mutation<ResponseOf<'bookmarkPost'>, number>({
      query: (postId) => endpointRequest('bookmarkPost', { body: { postId } }),
      onQueryStarted: (postId, api) => applyBookmarkEverywhere(postId, api),
    }),
    removeBookmark: build.mutation<ResponseOf<'removeBookmark'>, number>({
      query: (postId) => endpointRequest('removeBookmark', { body: { postId } }),
      onQueryStarted: (postId, api) => applyBookmarkEverywhere(postId, api),
    }),
    postSummary: build.query<ResponseOf<'postSummary'>, number>({
      query: (postId) => endpointRequest('postSummary', { body: { post_id: postId } }),
    }),
    getArticleCollections: build.query<ResponseOf<'getArticleCollections'>, number>({
      query: (postId) => endpointRequest('getArticleCollections', { body: { postId } }),
      providesTags: [COLLECTION_LISTS],
    }),
    addArticleToCollection: build.mutation<
      ResponseOf<'addArticleToCollection'>,
      CollectionMembershipRequest
    >({
      query: (body) => endpointRequest('addArticleToCollection', { body }),
      invalidatesTags: ['Collections'],
    }),
    removeArticleFromCollection: build.mutation<
      ResponseOf<'removeArticleFromCollection'>,
      CollectionMembershipRequest
    >({
      query: (body) => endpointRequest('removeArticleFromCollection', { body }),
      invalidatesTags: ['Collections'],
    }),
    createCollection: build.mutation<ResponseOf<'createCollection'>, string>({
      query: (collectionName) => endpointRequest('createCollection', { body: { collectionName } }),
      invalidatesTags: ['Collections'],
    }),
  }),
});

/** What RTK Query hands a mutation's onQueryStarted, for an answer of type `Data`. */
export interface ConfirmedChange<Data> {
  dispatch: (action: unknown) => unknown;
  getState: () => unknown;
  queryFulfilled: Promise<{ data: Data }>;
}

/**
 * Once the server confirmed a change to an article (never before, spec §4), applies `recipe`
 * with the server's answer to every feed cached on the page.
 */
export async function applyToCachedFeeds<Data>(
  { dispatch, getState, queryFulfilled }: ConfirmedChange<Data>,
  recipe: (draft: { pages: Article[][] }, feed: FeedQuery, data: Data) => void,
): Promise<Data | undefined> {
  const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
  if (data === undefined) return undefined;
  const state = getState() as Parameters<typeof feedApi.util.selectCachedArgsForQuery>[0];
  for (const feed of feedApi.util.selectCachedArgsForQuery(state, 'feedPages')) {
    dispatch(feedApi.util.updateQueryData('feedPages', feed, (draft) => recipe(draft, feed, data)));
  }
  return data;
}

const BOOKMARKS_FEED = endpointPath('bookmarksFeed');

/**
 * Every feed on the page showing the article shows its new bookmark state, and a removed
 * bookmark leaves the Bookmarks feed at once; that feed then reloads, so the offsets of its later
 * pages match the server's list again.
 */
async function applyBookmarkEverywhere(
  postId: number,
  change: ConfirmedChange<ResponseOf<'bookmarkPost'>>,
) {
  const data = await applyToCachedFeeds(change, (draft, feed, { bookmarked }) => {
    if (feed.call.name === 'bookmarksFeed' && !bookmarked) {
      draft.pages = draft.pages.map((page) => page.filter((item) => item.post_id !== postId));
    }
    for (const article of draft.pages.flat()) {
      if (article.post_id === postId) article.bookmarked = bookmarked;
    }
  });
  if (data) change.dispatch(feedApi.util.invalidateTags([{ type: 'Feed', id: BOOKMARKS_FEED }]));
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

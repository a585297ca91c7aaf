/**
 * The product's HTTP API, one row per call (spec §7): method and path, all a browser needs to make
 * the call. Who may call it and what it does are in endpoint-docs.ts, the schemas in endpoints.ts,
 * both keyed by the same names and checked to match by the compiler; this part has no validation
 * library and no prose, so a visitor's first load can build calls without either
 * (docs/decisions/0018-one-endpoint-table.md, 0021-federation-without-the-weight.md).
 */

/**
 * The API's version (semantic): additions raise the minor number; a change that breaks callers
 * raises the major number and is a decision record (docs/API.md).
 */
export const API_VERSION = '1.4.0';

/** Every path of the API starts with this; nothing else on the site does. */
export const API_PREFIX = '/api';

/**
 * Set by the site's service worker on an API answer it served from its saved copies because the
 * network failed: the page then says it is showing saved pages.
 */
export const SAVED_COPY_HEADER = 'X-Saved-Copy';

export interface EndpointRoute {
  method: 'GET' | 'POST';
  /** Fastify's pattern: `:name` is a path parameter. */
  path: `/api/${string}`;
}

export const endpointRoutes = {
  // Session and accounts
  checkLoggedIn: {
    method: 'GET',
    path: '/api/check_logged_in',
  },
  signUp: {
    method: 'POST',
    path: '/api/signup_with_email',
  },
  verifyEmail: {
    method: 'GET',
    path: '/api/verify_email/:token',
  },
  signIn: {
    method: 'POST',
    path: '/api/signin_with_email',
  },
  signInWithGoogle: {
    method: 'POST',
    path: '/api/sso_google',
  },
  signOut: {
    method: 'GET',
    path: '/api/logout',
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/forgot_password',
  },
  resetPassword: {
    method: 'POST',
    path: '/api/reset_password',
  },
  // The reader's profile
  getAllTopics: {
    method: 'POST',
    path: '/api/get_all_topics',
  },
  getUserTopics: {
    method: 'POST',
    path: '/api/get_user_topics',
  },
  saveUserTopics: {
    method: 'POST',
    path: '/api/save_user_topics',
  },
  getUserSettings: {
    method: 'POST',
    path: '/api/get_user_settings',
  },
  saveUserSettings: {
    method: 'POST',
    path: '/api/save_user_settings',
  },
  checkSubscriptionsUnseen: {
    method: 'POST',
    path: '/api/check_subscriptions_unseen',
  },
  updateSubscriptionsSeen: {
    method: 'POST',
    path: '/api/update_subscriptions_seen',
  },
  // Feeds
  discoverFeed: {
    method: 'POST',
    path: '/api/discover_feed',
  },
  topicFeed: {
    method: 'POST',
    path: '/api/discover_feed/:term',
  },
  search: {
    method: 'POST',
    path: '/api/search',
  },
  searchNewest: {
    method: 'POST',
    path: '/api/search_for_discover_feed',
  },
  moreLikeThis: {
    method: 'POST',
    path: '/api/more_like_this',
  },
  sourceFeed: {
    method: 'POST',
    path: '/api/source_feed/:sourceId',
  },
  subscriptionsFeed: {
    method: 'POST',
    path: '/api/subscriptions_feed',
  },
  demoArticles: {
    method: 'POST',
    path: '/api/dig_deeper_article',
  },
  // Bookmarks
  bookmarkPost: {
    method: 'POST',
    path: '/api/bookmark_post',
  },
  removeBookmark: {
    method: 'POST',
    path: '/api/remove_bookmark',
  },
  bookmarksFeed: {
    method: 'POST',
    path: '/api/bookmarks_feed',
  },
  fetchBookmarksFeed: {
    method: 'GET',
    path: '/api/fetch_bookmarks_feed',
  },
  // Collections
  getCollections: {
    method: 'POST',
    path: '/api/get_collections',
  },
  getCollection: {
    method: 'POST',
    path: '/api/get_collection',
  },
  createCollection: {
    method: 'POST',
    path: '/api/create_collection',
  },
  renameCollection: {
    method: 'POST',
    path: '/api/rename_collection',
  },
  deleteCollection: {
    method: 'POST',
    path: '/api/delete_collection',
  },
  getArticleCollections: {
    method: 'POST',
    path: '/api/get_article_collections',
  },
  addArticleToCollection: {
    method: 'POST',
    path: '/api/add_article_to_collection',
  },
  removeArticleFromCollection: {
    method: 'POST',
    path: '/api/remove_article_from_collection',
  },
  collectionFeed: {
    method: 'POST',
    path: '/api/get_articles_in_collection/:collectionId',
  },
  // Sources
  sourcesShowcase: {
    method: 'POST',
    path: '/api/home_page_sources_showcase',
  },
  sourceInfo: {
    method: 'POST',
    path: '/api/source_info',
  },
  sources: {
    method: 'POST',
    path: '/api/sources',
  },
  recommendedSources: {
    method: 'POST',
    path: '/api/get_recommended_sources',
  },
  followSource: {
    method: 'POST',
    path: '/api/follow_source',
  },
  unfollowSource: {
    method: 'POST',
    path: '/api/unfollow_source',
  },
  submitSource: {
    method: 'POST',
    path: '/api/submit_source',
  },
  crawlStatus: {
    method: 'GET',
    path: '/api/crawl_status',
  },
  // Topics
  topicDescription: {
    method: 'POST',
    path: '/api/get_topic_description',
  },
  topicSources: {
    method: 'POST',
    path: '/api/get_sources_for_topic',
  },
  // Summaries
  postSummary: {
    method: 'POST',
    path: '/api/post_summary',
  },
  // RSS
  rssFeeds: {
    method: 'GET',
    path: '/api/rss/available-feeds',
  },
  // The site
  publicConfig: {
    method: 'GET',
    path: '/api/public_config',
  },
  captchaChallenge: {
    method: 'GET',
    path: '/api/captcha/challenge',
  },
  pageView: {
    method: 'POST',
    path: '/api/analytics/page_view',
  },
  health: {
    method: 'GET',
    path: '/api/health',
  },
  healthReady: {
    method: 'GET',
    path: '/api/health/ready',
  },
  openApi: {
    method: 'GET',
    path: '/api/openapi.json',
  },
  // Source health (issue 19)
  sourceHealth: {
    method: 'GET',
    path: '/api/source_health/:sourceUrlName',
  },
  sourcesHealth: {
    method: 'GET',
    path: '/api/sources_health',
  },
  // Read state, "Hide read" and mutes (issue 18)
  markRead: {
    method: 'POST',
    path: '/api/mark_read',
  },
  markUnread: {
    method: 'POST',
    path: '/api/mark_unread',
  },
  getFeedFilters: {
    method: 'POST',
    path: '/api/get_feed_filters',
  },
  saveHideRead: {
    method: 'POST',
    path: '/api/save_hide_read',
  },
  addMute: {
    method: 'POST',
    path: '/api/add_mute',
  },
  removeMute: {
    method: 'POST',
    path: '/api/remove_mute',
  },
  // Personal OPML (issue 18)
  subscriptionsOpml: {
    method: 'GET',
    path: '/api/subscriptions_opml',
  },
  importOpml: {
    method: 'POST',
    path: '/api/import_opml',
  },
  // Digests for anyone (issue 19)
  subscribeTopicDigest: {
    method: 'POST',
    path: '/api/subscribe_topic_digest',
  },
  confirmDigestSubscription: {
    method: 'POST',
    path: '/api/confirm_digest_subscription',
  },
  getCollectionDigest: {
    method: 'POST',
    path: '/api/get_collection_digest',
  },
  saveCollectionDigest: {
    method: 'POST',
    path: '/api/save_collection_digest',
  },
} as const satisfies Record<string, EndpointRoute>;

export type EndpointName = keyof typeof endpointRoutes;

/** The names of the calls that answer a page of articles for a feed request. */
export type FeedEndpointName =
  | 'discoverFeed'
  | 'topicFeed'
  | 'search'
  | 'searchNewest'
  | 'moreLikeThis'
  | 'sourceFeed'
  | 'subscriptionsFeed'
  | 'bookmarksFeed'
  | 'collectionFeed';

/** The path parameter names of a pattern: '/a/:b/:c' -> 'b' | 'c'. */
type PathParameters<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParameters<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values of an endpoint's path parameters, by name. */
export type PathParamsOf<Name extends EndpointName> = Record<
  PathParameters<(typeof endpointRoutes)[Name]['path']>,
  string | number
>;

/** The endpoint's path with its parameters filled in (each encoded as one path segment). */
export function endpointPath<Name extends EndpointName>(
  name: Name,
  params?: PathParamsOf<Name>,
): string {
  const values = (params ?? {}) as Record<string, string | number>;
  return endpointRoutes[name].path.replace(/:([A-Za-z]+)/g, (_, parameter: string) => {
    const value = values[parameter];
    if (value === undefined) throw new Error(`${name} needs the path parameter ${parameter}`);
    return encodeURIComponent(String(value));
  });
}

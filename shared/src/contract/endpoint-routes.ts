/**
 * The product's HTTP API, one row per call (spec §7): method, path, who may call it and what it
 * does. The schemas of each row are in endpoints.ts, keyed by the same names and checked to match
 * by the compiler; this half has no validation library, so a visitor's first load can build calls
 * without it (docs/decisions/0018-one-endpoint-table.md).
 */

/**
 * The API's version (semantic): additions raise the minor number; a change that breaks callers
 * raises the major number and is a decision record (docs/API.md).
 */
export const API_VERSION = '1.3.0';

/** Every path of the API starts with this; nothing else on the site does. */
export const API_PREFIX = '/api';

/**
 * Set by the site's service worker on an API answer it served from its saved copies because the
 * network failed: the page then says it is showing saved pages.
 */
export const SAVED_COPY_HEADER = 'X-Saved-Copy';

/**
 * Who may call: `anyone` (visitors too), `reader` (signed in; a visitor gets 401
 * UNAUTHORIZED), `premium` (signed in; the server answers 403 PREMIUM_REQUIRED to other accounts).
 */
export type EndpointAccess = 'anyone' | 'reader' | 'premium';

/** The sections of the API reference. */
export type EndpointTag =
  | 'Session'
  | 'Profile'
  | 'Feeds'
  | 'Bookmarks'
  | 'Collections'
  | 'Sources'
  | 'Topics'
  | 'Summaries'
  | 'RSS'
  | 'Site';

export interface EndpointRoute {
  method: 'GET' | 'POST';
  /** Fastify's pattern: `:name` is a path parameter. */
  path: `/api/${string}`;
  access: EndpointAccess;
  tag: EndpointTag;
  summary: string;
}

export const endpointRoutes = {
  // Session and accounts
  checkLoggedIn: {
    method: 'GET',
    path: '/api/check_logged_in',
    access: 'anyone',
    tag: 'Session',
    summary: 'The signed-in reader, or {} for a visitor; (re)sets the session and XSRF cookies.',
  },
  signUp: {
    method: 'POST',
    path: '/api/signup_with_email',
    access: 'anyone',
    tag: 'Session',
    summary: 'Creates an account and e-mails a verification link.',
  },
  verifyEmail: {
    method: 'GET',
    path: '/api/verify_email/:token',
    access: 'anyone',
    tag: 'Session',
    summary:
      'The e-mailed link: verifies the address and redirects to /?email_verified=ok|expired.',
  },
  signIn: {
    method: 'POST',
    path: '/api/signin_with_email',
    access: 'anyone',
    tag: 'Session',
    summary: 'Signs in with e-mail and password.',
  },
  signInWithGoogle: {
    method: 'POST',
    path: '/api/sso_google',
    access: 'anyone',
    tag: 'Session',
    summary: 'Signs in with a Google ID token (404 when Google sign-in is not enabled).',
  },
  signOut: {
    method: 'GET',
    path: '/api/logout',
    access: 'anyone',
    tag: 'Session',
    summary: 'Ends the session (refused from other sites).',
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/forgot_password',
    access: 'anyone',
    tag: 'Session',
    summary: 'E-mails a password reset link if the address has an account; always answers ok.',
  },
  resetPassword: {
    method: 'POST',
    path: '/api/reset_password',
    access: 'anyone',
    tag: 'Session',
    summary: 'Sets a new password with the token of a reset link.',
  },
  // The reader's profile
  getAllTopics: {
    method: 'POST',
    path: '/api/get_all_topics',
    access: 'anyone',
    tag: 'Profile',
    summary: 'Every topic of the site.',
  },
  getUserTopics: {
    method: 'POST',
    path: '/api/get_user_topics',
    access: 'reader',
    tag: 'Profile',
    summary: "The reader's topics; null until chosen.",
  },
  saveUserTopics: {
    method: 'POST',
    path: '/api/save_user_topics',
    access: 'reader',
    tag: 'Profile',
    summary: "Replaces the reader's topics.",
  },
  getUserSettings: {
    method: 'POST',
    path: '/api/get_user_settings',
    access: 'reader',
    tag: 'Profile',
    summary: "The reader's settings (digest frequency, colour theme).",
  },
  saveUserSettings: {
    method: 'POST',
    path: '/api/save_user_settings',
    access: 'reader',
    tag: 'Profile',
    summary: "Saves the reader's settings it is sent and answers all of them.",
  },
  checkSubscriptionsUnseen: {
    method: 'POST',
    path: '/api/check_subscriptions_unseen',
    access: 'reader',
    tag: 'Profile',
    summary: 'Whether followed sources have articles the reader has not seen.',
  },
  updateSubscriptionsSeen: {
    method: 'POST',
    path: '/api/update_subscriptions_seen',
    access: 'reader',
    tag: 'Profile',
    summary: "Marks the followed sources' articles as seen.",
  },
  // Feeds
  discoverFeed: {
    method: 'POST',
    path: '/api/discover_feed',
    access: 'anyone',
    tag: 'Feeds',
    summary: "A page of the discover feed, ranked for the reader's topics.",
  },
  topicFeed: {
    method: 'POST',
    path: '/api/discover_feed/:term',
    access: 'anyone',
    tag: 'Feeds',
    summary: 'A page of the discover feed for one topic ("all": every topic of the reader).',
  },
  search: {
    method: 'POST',
    path: '/api/search',
    access: 'anyone',
    tag: 'Feeds',
    summary: 'A page of search results for queryData (hybrid: words and meaning).',
  },
  searchNewest: {
    method: 'POST',
    path: '/api/search_for_discover_feed',
    access: 'anyone',
    tag: 'Feeds',
    summary: 'The newest articles matching queryData.',
  },
  moreLikeThis: {
    method: 'POST',
    path: '/api/more_like_this',
    access: 'anyone',
    tag: 'Feeds',
    summary: 'A page of articles like the article whose id is queryData.',
  },
  sourceFeed: {
    method: 'POST',
    path: '/api/source_feed/:sourceId',
    access: 'anyone',
    tag: 'Feeds',
    summary: "A page of one source's articles, newest first.",
  },
  subscriptionsFeed: {
    method: 'POST',
    path: '/api/subscriptions_feed',
    access: 'reader',
    tag: 'Feeds',
    summary: "A page of the followed sources' articles, newest first.",
  },
  demoArticles: {
    method: 'POST',
    path: '/api/dig_deeper_article',
    access: 'anyone',
    tag: 'Feeds',
    summary: "The landing page's sample articles.",
  },
  // Bookmarks
  bookmarkPost: {
    method: 'POST',
    path: '/api/bookmark_post',
    access: 'reader',
    tag: 'Bookmarks',
    summary: 'Bookmarks an article.',
  },
  removeBookmark: {
    method: 'POST',
    path: '/api/remove_bookmark',
    access: 'reader',
    tag: 'Bookmarks',
    summary: 'Removes a bookmark.',
  },
  bookmarksFeed: {
    method: 'POST',
    path: '/api/bookmarks_feed',
    access: 'reader',
    tag: 'Bookmarks',
    summary: "A page of the reader's bookmarks, newest bookmark first.",
  },
  fetchBookmarksFeed: {
    method: 'GET',
    path: '/api/fetch_bookmarks_feed',
    access: 'reader',
    tag: 'Bookmarks',
    summary: "The first page of the reader's bookmarks.",
  },
  // Collections
  getCollections: {
    method: 'POST',
    path: '/api/get_collections',
    access: 'reader',
    tag: 'Collections',
    summary: "The reader's collections.",
  },
  getCollection: {
    method: 'POST',
    path: '/api/get_collection',
    access: 'reader',
    tag: 'Collections',
    summary: "One of the reader's collections (404 for another reader's).",
  },
  createCollection: {
    method: 'POST',
    path: '/api/create_collection',
    access: 'reader',
    tag: 'Collections',
    summary: 'Creates a collection.',
  },
  renameCollection: {
    method: 'POST',
    path: '/api/rename_collection',
    access: 'reader',
    tag: 'Collections',
    summary: 'Renames a collection.',
  },
  deleteCollection: {
    method: 'POST',
    path: '/api/delete_collection',
    access: 'reader',
    tag: 'Collections',
    summary: 'Deletes a collection (its articles stay on the site).',
  },
  getArticleCollections: {
    method: 'POST',
    path: '/api/get_article_collections',
    access: 'reader',
    tag: 'Collections',
    summary: "The reader's collections, each saying whether it holds the article.",
  },
  addArticleToCollection: {
    method: 'POST',
    path: '/api/add_article_to_collection',
    access: 'reader',
    tag: 'Collections',
    summary: 'Puts an article in a collection.',
  },
  removeArticleFromCollection: {
    method: 'POST',
    path: '/api/remove_article_from_collection',
    access: 'reader',
    tag: 'Collections',
    summary: 'Takes an article out of a collection.',
  },
  collectionFeed: {
    method: 'POST',
    path: '/api/get_articles_in_collection/:collectionId',
    access: 'reader',
    tag: 'Collections',
    summary: "A page of a collection's articles.",
  },
  // Sources
  sourcesShowcase: {
    method: 'POST',
    path: '/api/home_page_sources_showcase',
    access: 'anyone',
    tag: 'Sources',
    summary: 'Rows of sources for the home page showcase.',
  },
  sourceInfo: {
    method: 'POST',
    path: '/api/source_info',
    access: 'anyone',
    tag: 'Sources',
    summary: 'One source by id or url name, with related sources.',
  },
  sources: {
    method: 'POST',
    path: '/api/sources',
    access: 'anyone',
    tag: 'Sources',
    summary: 'Every source, at most `limit`.',
  },
  recommendedSources: {
    method: 'POST',
    path: '/api/get_recommended_sources',
    access: 'anyone',
    tag: 'Sources',
    summary: "Sources recommended for the reader's topics.",
  },
  followSource: {
    method: 'POST',
    path: '/api/follow_source',
    access: 'reader',
    tag: 'Sources',
    summary: 'Follows a source.',
  },
  unfollowSource: {
    method: 'POST',
    path: '/api/unfollow_source',
    access: 'reader',
    tag: 'Sources',
    summary: 'Stops following a source.',
  },
  submitSource: {
    method: 'POST',
    path: '/api/submit_source',
    access: 'anyone',
    tag: 'Sources',
    summary: "Suggests a blog; it waits for an operator's review.",
  },
  crawlStatus: {
    method: 'GET',
    path: '/api/crawl_status',
    access: 'anyone',
    tag: 'Sources',
    summary: 'Progress of the crawler, the page visits and the embedding job.',
  },
  // Topics
  topicDescription: {
    method: 'POST',
    path: '/api/get_topic_description',
    access: 'anyone',
    tag: 'Topics',
    summary: "A topic page's About paragraphs.",
  },
  topicSources: {
    method: 'POST',
    path: '/api/get_sources_for_topic',
    access: 'anyone',
    tag: 'Topics',
    summary: "A topic's sources.",
  },
  // Summaries
  postSummary: {
    method: 'POST',
    path: '/api/post_summary',
    access: 'anyone',
    tag: 'Summaries',
    summary: "An article's summary: bullet points with their source sentences, and key concepts.",
  },
  // RSS
  rssFeeds: {
    method: 'GET',
    path: '/api/rss/available-feeds',
    access: 'premium',
    tag: 'RSS',
    summary: "The reader's private RSS feed addresses.",
  },
  // The site
  publicConfig: {
    method: 'GET',
    path: '/api/public_config',
    access: 'anyone',
    tag: 'Site',
    summary: 'Run-time settings the browser needs (site name, captcha, Google client id).',
  },
  captchaChallenge: {
    method: 'GET',
    path: '/api/captcha/challenge',
    access: 'anyone',
    tag: 'Site',
    summary: 'A proof-of-work captcha challenge (ALTCHA).',
  },
  pageView: {
    method: 'POST',
    path: '/api/analytics/page_view',
    access: 'anyone',
    tag: 'Site',
    summary: 'Counts a page view (only when the operator turned analytics on).',
  },
  health: {
    method: 'GET',
    path: '/api/health',
    access: 'anyone',
    tag: 'Site',
    summary: 'Version, database and migrations; 503 when the database is unusable.',
  },
  openApi: {
    method: 'GET',
    path: '/api/openapi.json',
    access: 'anyone',
    tag: 'Site',
    summary: 'This API as an OpenAPI 3.1 document.',
  },
  // Source health (issue 19)
  sourceHealth: {
    method: 'GET',
    path: '/api/source_health/:sourceUrlName',
    access: 'anyone',
    tag: 'Sources',
    summary:
      "One source's health: status (ok, failing with its last error, dead), last successful fetch, posting frequency, articles of the last 90 days and feed URL.",
  },
  sourcesHealth: {
    method: 'GET',
    path: '/api/sources_health',
    access: 'anyone',
    tag: 'Sources',
    summary: "Every crawled source's health, by name, with the number in each status.",
  },
  // Read state, "Hide read" and mutes (issue 18)
  markRead: {
    method: 'POST',
    path: '/api/mark_read',
    access: 'reader',
    tag: 'Profile',
    summary: 'Marks an article read (the reader opened it).',
  },
  markUnread: {
    method: 'POST',
    path: '/api/mark_unread',
    access: 'reader',
    tag: 'Profile',
    summary: 'Marks an article unread again.',
  },
  getFeedFilters: {
    method: 'POST',
    path: '/api/get_feed_filters',
    access: 'reader',
    tag: 'Profile',
    summary: "What the reader's feeds leave out: read articles (when Hide read is on) and mutes.",
  },
  saveHideRead: {
    method: 'POST',
    path: '/api/save_hide_read',
    access: 'reader',
    tag: 'Profile',
    summary: 'Turns Hide read on or off on every feed of the reader.',
  },
  addMute: {
    method: 'POST',
    path: '/api/add_mute',
    access: 'reader',
    tag: 'Profile',
    summary:
      'Mutes a source, a topic or a keyword: no feed, search, RSS or digest of the reader shows it again.',
  },
  removeMute: {
    method: 'POST',
    path: '/api/remove_mute',
    access: 'reader',
    tag: 'Profile',
    summary: 'Removes a mute.',
  },
  // Personal OPML (issue 18)
  subscriptionsOpml: {
    method: 'GET',
    path: '/api/subscriptions_opml',
    access: 'reader',
    tag: 'Sources',
    summary: "The reader's followed sources as an OPML 2.0 file (text/x-opml, a download).",
  },
  importOpml: {
    method: 'POST',
    path: '/api/import_opml',
    access: 'reader',
    tag: 'Sources',
    summary:
      "Follows the feeds of an OPML file: known sources are matched, new feeds fetched through the crawler's guarded fetcher, created and crawled; answers what was added, known and refused.",
  },
  // Digests for anyone (issue 19)
  subscribeTopicDigest: {
    method: 'POST',
    path: '/api/subscribe_topic_digest',
    access: 'anyone',
    tag: 'Topics',
    summary:
      "Asks for a topic's weekly e-mail digest: e-mails a confirmation link (double opt-in) unless the address already gets it; the answer is the same either way.",
  },
  confirmDigestSubscription: {
    method: 'POST',
    path: '/api/confirm_digest_subscription',
    access: 'anyone',
    tag: 'Topics',
    summary:
      "Confirms a digest subscription with its e-mailed link's token (400 LINK_INVALID, 410 LINK_EXPIRED).",
  },
  getCollectionDigest: {
    method: 'POST',
    path: '/api/get_collection_digest',
    access: 'reader',
    tag: 'Collections',
    summary: "Whether the owner gets the collection's weekly digest (404 for another reader's).",
  },
  saveCollectionDigest: {
    method: 'POST',
    path: '/api/save_collection_digest',
    access: 'reader',
    tag: 'Collections',
    summary:
      "Turns the collection's weekly digest to the owner's verified address on or off (403 EMAIL_NOT_VERIFIED).",
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

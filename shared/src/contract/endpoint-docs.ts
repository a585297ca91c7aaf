/**
 * Who may call each call of the API and what it does, keyed by the names of endpoint-routes.ts
 * (the compiler checks every call has its row). The server takes the access check and the API
 * reference (/api/openapi.json) from it; the browser never needs it, so it is not in
 * `@blogstream/shared/contract/browser` and a visitor's first load does not carry its prose
 * (docs/decisions/0018-one-endpoint-table.md, 0021-federation-without-the-weight.md).
 */
import type { EndpointName } from './endpoint-routes.js';

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

export interface EndpointDoc {
  access: EndpointAccess;
  tag: EndpointTag;
  summary: string;
}

export const endpointDocs = {
  // Session and accounts
  checkLoggedIn: {
    access: 'anyone',
    tag: 'Session',
    summary: 'The signed-in reader, or {} for a visitor; (re)sets the session and XSRF cookies.',
  },
  signUp: {
    access: 'anyone',
    tag: 'Session',
    summary: 'Creates an account and e-mails a verification link.',
  },
  verifyEmail: {
    access: 'anyone',
    tag: 'Session',
    summary:
      'The e-mailed link: verifies the address and redirects to /?email_verified=ok|expired.',
  },
  signIn: {
    access: 'anyone',
    tag: 'Session',
    summary: 'Signs in with e-mail and password.',
  },
  signInWithGoogle: {
    access: 'anyone',
    tag: 'Session',
    summary: 'Signs in with a Google ID token (404 when Google sign-in is not enabled).',
  },
  signOut: {
    access: 'anyone',
    tag: 'Session',
    summary: 'Ends the session (refused from other sites).',
  },
  forgotPassword: {
    access: 'anyone',
    tag: 'Session',
    summary: 'E-mails a password reset link if the address has an account; always answers ok.',
  },
  resetPassword: {
    access: 'anyone',
    tag: 'Session',
    summary: 'Sets a new password with the token of a reset link.',
  },
  // The reader's profile
  getAllTopics: {
    access: 'anyone',
    tag: 'Profile',
    summary: 'Every topic of the site.',
  },
  getUserTopics: {
    access: 'reader',
    tag: 'Profile',
    summary: "The reader's topics; null until chosen.",
  },
  saveUserTopics: {
    access: 'reader',
    tag: 'Profile',
    summary: "Replaces the reader's topics.",
  },
  getUserSettings: {
    access: 'reader',
    tag: 'Profile',
    summary: "The reader's settings (digest frequency, colour theme).",
  },
  saveUserSettings: {
    access: 'reader',
    tag: 'Profile',
    summary: "Saves the reader's settings it is sent and answers all of them.",
  },
  checkSubscriptionsUnseen: {
    access: 'reader',
    tag: 'Profile',
    summary: 'Whether followed sources have articles the reader has not seen.',
  },
  updateSubscriptionsSeen: {
    access: 'reader',
    tag: 'Profile',
    summary: "Marks the followed sources' articles as seen.",
  },
  // Feeds
  discoverFeed: {
    access: 'anyone',
    tag: 'Feeds',
    summary: "A page of the discover feed, ranked for the reader's topics.",
  },
  topicFeed: {
    access: 'anyone',
    tag: 'Feeds',
    summary: 'A page of the discover feed for one topic ("all": every topic of the reader).',
  },
  search: {
    access: 'anyone',
    tag: 'Feeds',
    summary: 'A page of search results for queryData (hybrid: words and meaning).',
  },
  searchNewest: {
    access: 'anyone',
    tag: 'Feeds',
    summary:
      "The newest articles matching queryData; a topic's name (the topic page) gives the best articles on that topic.",
  },
  moreLikeThis: {
    access: 'anyone',
    tag: 'Feeds',
    summary: 'A page of articles like the article whose id is queryData.',
  },
  sourceFeed: {
    access: 'anyone',
    tag: 'Feeds',
    summary: "A page of one source's articles, newest first.",
  },
  subscriptionsFeed: {
    access: 'reader',
    tag: 'Feeds',
    summary: "A page of the followed sources' articles, newest first.",
  },
  demoArticles: {
    access: 'anyone',
    tag: 'Feeds',
    summary: "The landing page's sample articles.",
  },
  // Bookmarks
  bookmarkPost: {
    access: 'reader',
    tag: 'Bookmarks',
    summary: 'Bookmarks an article.',
  },
  removeBookmark: {
    access: 'reader',
    tag: 'Bookmarks',
    summary: 'Removes a bookmark.',
  },
  bookmarksFeed: {
    access: 'reader',
    tag: 'Bookmarks',
    summary: "A page of the reader's bookmarks, newest bookmark first.",
  },
  fetchBookmarksFeed: {
    access: 'reader',
    tag: 'Bookmarks',
    summary: "The first page of the reader's bookmarks.",
  },
  // Collections
  getCollections: {
    access: 'reader',
    tag: 'Collections',
    summary: "The reader's collections.",
  },
  getCollection: {
    access: 'reader',
    tag: 'Collections',
    summary: "One of the reader's collections (404 for another reader's).",
  },
  createCollection: {
    access: 'reader',
    tag: 'Collections',
    summary: 'Creates a collection.',
  },
  renameCollection: {
    access: 'reader',
    tag: 'Collections',
    summary: 'Renames a collection.',
  },
  deleteCollection: {
    access: 'reader',
    tag: 'Collections',
    summary: 'Deletes a collection (its articles stay on the site).',
  },
  getArticleCollections: {
    access: 'reader',
    tag: 'Collections',
    summary: "The reader's collections, each saying whether it holds the article.",
  },
  addArticleToCollection: {
    access: 'reader',
    tag: 'Collections',
    summary: 'Puts an article in a collection.',
  },
  removeArticleFromCollection: {
    access: 'reader',
    tag: 'Collections',
    summary: 'Takes an article out of a collection.',
  },
  collectionFeed: {
    access: 'reader',
    tag: 'Collections',
    summary: "A page of a collection's articles.",
  },
  // Sources
  sourcesShowcase: {
    access: 'anyone',
    tag: 'Sources',
    summary: 'Rows of sources for the home page showcase.',
  },
  sourceInfo: {
    access: 'anyone',
    tag: 'Sources',
    summary: 'One source by id or url name, with related sources.',
  },
  sources: {
    access: 'anyone',
    tag: 'Sources',
    summary: 'Every source, at most `limit`.',
  },
  recommendedSources: {
    access: 'anyone',
    tag: 'Sources',
    summary: "Sources recommended for the reader's topics.",
  },
  followSource: {
    access: 'reader',
    tag: 'Sources',
    summary: 'Follows a source.',
  },
  unfollowSource: {
    access: 'reader',
    tag: 'Sources',
    summary: 'Stops following a source.',
  },
  submitSource: {
    access: 'anyone',
    tag: 'Sources',
    summary: "Suggests a blog; it waits for an operator's review.",
  },
  crawlStatus: {
    access: 'anyone',
    tag: 'Sources',
    summary: 'Progress of the crawler, the page visits and the embedding job.',
  },
  // Topics
  topicDescription: {
    access: 'anyone',
    tag: 'Topics',
    summary: "A topic page's About paragraphs.",
  },
  topicSources: {
    access: 'anyone',
    tag: 'Topics',
    summary: "A topic's sources.",
  },
  // Summaries
  postSummary: {
    access: 'anyone',
    tag: 'Summaries',
    summary: "An article's summary: bullet points with their source sentences, and key concepts.",
  },
  // RSS
  rssFeeds: {
    access: 'premium',
    tag: 'RSS',
    summary: "The reader's private RSS feed addresses.",
  },
  // The site
  publicConfig: {
    access: 'anyone',
    tag: 'Site',
    summary: 'Run-time settings the browser needs (site name, captcha, Google client id).',
  },
  captchaChallenge: {
    access: 'anyone',
    tag: 'Site',
    summary: 'A proof-of-work captcha challenge (ALTCHA).',
  },
  pageView: {
    access: 'anyone',
    tag: 'Site',
    summary: 'Counts a page view (only when the operator turned analytics on).',
  },
  health: {
    access: 'anyone',
    tag: 'Site',
    summary: 'Version, database and migrations; 503 when the database is unusable.',
  },
  healthReady: {
    access: 'anyone',
    tag: 'Site',
    summary:
      'Readiness: 200 once the database is usable and the search indexes are loaded; 503 naming what is still warming.',
  },
  openApi: {
    access: 'anyone',
    tag: 'Site',
    summary: 'This API as an OpenAPI 3.1 document.',
  },
  // Source health (issue 19)
  sourceHealth: {
    access: 'anyone',
    tag: 'Sources',
    summary:
      "One source's health: status (ok, failing with its last error, dead), last successful fetch, posting frequency, articles of the last 90 days and feed URL.",
  },
  sourcesHealth: {
    access: 'anyone',
    tag: 'Sources',
    summary: "Every crawled source's health, by name, with the number in each status.",
  },
  // Read state, "Hide read" and mutes (issue 18)
  markRead: {
    access: 'reader',
    tag: 'Profile',
    summary: 'Marks an article read (the reader opened it).',
  },
  markUnread: {
    access: 'reader',
    tag: 'Profile',
    summary: 'Marks an article unread again.',
  },
  getFeedFilters: {
    access: 'reader',
    tag: 'Profile',
    summary: "What the reader's feeds leave out: read articles (when Hide read is on) and mutes.",
  },
  saveHideRead: {
    access: 'reader',
    tag: 'Profile',
    summary: 'Turns Hide read on or off on every feed of the reader.',
  },
  addMute: {
    access: 'reader',
    tag: 'Profile',
    summary:
      'Mutes a source, a topic or a keyword: no feed, search, RSS or digest of the reader shows it again.',
  },
  removeMute: {
    access: 'reader',
    tag: 'Profile',
    summary: 'Removes a mute.',
  },
  // Personal OPML (issue 18)
  subscriptionsOpml: {
    access: 'reader',
    tag: 'Sources',
    summary: "The reader's followed sources as an OPML 2.0 file (text/x-opml, a download).",
  },
  importOpml: {
    access: 'reader',
    tag: 'Sources',
    summary:
      "Follows the feeds of an OPML file: known sources are matched, new feeds fetched through the crawler's guarded fetcher, created and crawled; answers what was added, known and refused.",
  },
  // Digests for anyone (issue 19)
  subscribeTopicDigest: {
    access: 'anyone',
    tag: 'Topics',
    summary:
      "Asks for a topic's weekly e-mail digest: e-mails a confirmation link (double opt-in) unless the address already gets it; the answer is the same either way.",
  },
  confirmDigestSubscription: {
    access: 'anyone',
    tag: 'Topics',
    summary:
      "Confirms a digest subscription with its e-mailed link's token (400 LINK_INVALID, 410 LINK_EXPIRED).",
  },
  getCollectionDigest: {
    access: 'reader',
    tag: 'Collections',
    summary: "Whether the owner gets the collection's weekly digest (404 for another reader's).",
  },
  saveCollectionDigest: {
    access: 'reader',
    tag: 'Collections',
    summary:
      "Turns the collection's weekly digest to the owner's verified address on or off (403 EMAIL_NOT_VERIFIED).",
  },
} as const satisfies Record<EndpointName, EndpointDoc>;

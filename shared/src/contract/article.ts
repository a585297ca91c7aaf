import { z } from 'zod';
import { articleFeedbackSchema } from './article-feedback.js';
import { idPathSegmentSchema, idSchema } from './common.js';
import type { EndpointDeclaration } from './endpoint-declaration.js';
import { GENRES } from './genres.js';

/** Another blog's copy of an article's story. */
export const storyCopySchema = z.object({
  post_id: z.number().int(),
  source_name: z.string(),
  source_url_name: z.string(),
  /** Absolute http(s) URL of that blog's copy. */
  link: z.string(),
});
export type StoryCopy = z.infer<typeof storyCopySchema>;

/** An article as every feed call returns it (spec §3). */
export const articleSchema = z.object({
  post_id: z.number().int(),
  title: z.string(),
  /** Plain text, never HTML. */
  description: z.string(),
  /** Absolute http(s) URL. */
  link: z.string(),
  /** Absolute http(s) URL, or null when the article has no image. */
  image: z.string().nullable(),
  /** 'aggregator' for planets that re-publish other blogs, else 'blog'. */
  source_type: z.string(),
  source_name: z.string(),
  source_url_name: z.string(),
  /** Logo file under /static/logos/. */
  source_logo_file: z.string(),
  /** ISO-8601 UTC; null when neither the feed nor the article's page says when it was published. */
  publishing_date: z.string().nullable(),
  /** Whether the caller bookmarked it (false for visitors). */
  bookmarked: z.boolean(),
  /** Whether the caller has read it (opened it from a feed; false for visitors). */
  read: z.boolean(),
  /** Its topics, from the catalogue (a card offers to mute one). */
  topics: z.array(z.string()),
  /** What kind of post it is (genres.ts), or null when nothing says it clearly. */
  genre: z.enum(GENRES).nullable(),
  /**
   * The same story on other blogs (a cross-post, an aggregator's copy, one announcement posted
   * twice), first published first; empty when no other blog has it. A feed shows a story once.
   */
  also_on: z.array(storyCopySchema),
  /** The caller's "more like this" or "less like this" on it (null: none; always for visitors). */
  feedback: articleFeedbackSchema.nullable(),
  /**
   * Why a personal feed shows it: the signals that ranked it, in a few plain words, strongest
   * first ("You follow Uber Engineering", "New today"); absent from other feeds (decision 0036).
   */
  why: z.array(z.string()).optional(),
});
export type Article = z.infer<typeof articleSchema>;

export const MAX_FEED_PAGE = 50;
export const MAX_FEED_OFFSET = 10_000;

/**
 * What the home, topic and search feeds can be narrowed to, each field a filter (absent or null:
 * none). The feed calls take it beside their paging (feedRequestSchema), the pages keep it in the
 * address (feed-filter.ts), the server turns it into SQL (docs/decisions/0034).
 */
export const feedFilterSchema = z.object({
  /** Only articles of this genre (the genre pills of home, search and topic pages). */
  genre: z.enum(GENRES).nullish(),
  /** Only articles published on this day (UTC, YYYY-MM-DD) or later; undated ones are left out. */
  from: z.iso.date().nullish(),
  /** Only articles published on this day (UTC, YYYY-MM-DD) or before; undated ones are left out. */
  to: z.iso.date().nullish(),
  /** Only articles of this blog, by its url_name (a card's source_url_name); unknown: 400. */
  source: z.string().min(1).max(100).nullish(),
});
export type FeedFilter = z.infer<typeof feedFilterSchema>;

/**
 * Body of every feed call: {queryData, offset, limit} and the feed's filter. queryData is the
 * search text for /search and /search_for_discover_feed, the article id for /more_like_this,
 * unused elsewhere.
 */
export const feedRequestSchema = z
  .object({
    // Long search texts are cut by the server, never refused (the body limit still applies).
    queryData: z.union([z.string(), z.number().int()]).nullish(),
    offset: z.number().int().min(0).max(MAX_FEED_OFFSET),
    limit: z.number().int().min(1).max(MAX_FEED_PAGE),
    ...feedFilterSchema.shape,
  })
  .refine(({ from, to }) => !from || !to || from <= to, {
    path: ['to'],
    message: 'to must be the same day as from or later',
  });
export type FeedRequest = z.infer<typeof feedRequestSchema>;

export const feedResponseSchema = z.array(articleSchema);

/** Body of /bookmark_post, /remove_bookmark and /get_article_collections. */
export const postIdRequestSchema = z.object({ postId: idSchema });

/** /bookmark_post and /remove_bookmark answer the article's bookmark state after the call. */
export const bookmarkResponseSchema = z.object({ bookmarked: z.boolean() });

/** GET /fetch_bookmarks_feed answers the first page (FETCH_BOOKMARKS_PAGE) of /bookmarks_feed. */
export const FETCH_BOOKMARKS_PAGE = 12;

/** POST /post_summary */
export const postSummaryRequestSchema = z.object({ post_id: idSchema });

export const SUMMARY_BULLETS = { min: 3, max: 5, maxLength: 400 } as const;
export const SUMMARY_CONCEPTS = { min: 4, max: 8, maxLength: 80 } as const;

/** An article's summary (spec §3): plain text, rendered as text. */
export const summarySchema = z.object({
  bullet_points: z
    .array(z.string().trim().min(1).max(SUMMARY_BULLETS.maxLength))
    .min(SUMMARY_BULLETS.min)
    .max(SUMMARY_BULLETS.max),
  /** Short phrases; the front end links each to a search. */
  key_concepts: z
    .array(z.string().trim().min(1).max(SUMMARY_CONCEPTS.maxLength))
    .min(SUMMARY_CONCEPTS.min)
    .max(SUMMARY_CONCEPTS.max),
  /**
   * Where each bullet point comes from, in the same order: the article's sentence, and a link to
   * it on the article's page (a text fragment, `#:~:text=`; empty when the article's own link is
   * not http(s)). Absent from older summaries.
   */
  bullet_sources: z
    .array(z.object({ sentence: z.string().min(1), link: z.string() }))
    .max(SUMMARY_BULLETS.max)
    .optional(),
});
export type Summary = z.infer<typeof summarySchema>;

/** POST /dig_deeper_article: demo articles for the landing page. */
export const digDeeperRequestSchema = z.object({ n_articles: z.number().int().min(1).max(10) });

/** The feeds, bookmarks and summaries calls (spec §7; endpoint-declaration.ts). */
export const articleEndpoints = {
  // Feeds
  discoverFeed: {
    method: 'POST',
    path: '/api/discover_feed',
    access: 'anyone',
    tag: 'Feeds',
    summary: "A page of the discover feed, ranked for the reader's topics.",
    body: feedRequestSchema,
    response: feedResponseSchema,
  },
  topicFeed: {
    method: 'POST',
    path: '/api/discover_feed/:term',
    access: 'anyone',
    tag: 'Feeds',
    summary: 'A page of the discover feed for one topic ("all": every topic of the reader).',
    params: z.object({ term: z.string().trim().min(1).max(100) }),
    body: feedRequestSchema,
    response: feedResponseSchema,
  },
  search: {
    method: 'POST',
    path: '/api/search',
    access: 'anyone',
    tag: 'Feeds',
    summary: 'A page of search results for queryData (hybrid: words and meaning).',
    body: feedRequestSchema,
    response: feedResponseSchema,
  },
  searchNewest: {
    method: 'POST',
    path: '/api/search_for_discover_feed',
    access: 'anyone',
    tag: 'Feeds',
    summary:
      "The newest articles matching queryData; a topic's name (the topic page) gives the best articles on that topic.",
    body: feedRequestSchema,
    response: feedResponseSchema,
  },
  moreLikeThis: {
    method: 'POST',
    path: '/api/more_like_this',
    access: 'anyone',
    tag: 'Feeds',
    summary: 'A page of articles like the article whose id is queryData.',
    body: feedRequestSchema,
    response: feedResponseSchema,
  },
  sourceFeed: {
    method: 'POST',
    path: '/api/source_feed/:sourceId',
    access: 'anyone',
    tag: 'Feeds',
    summary: "A page of one source's articles, newest first.",
    params: z.object({ sourceId: idPathSegmentSchema }),
    body: feedRequestSchema,
    response: feedResponseSchema,
  },
  subscriptionsFeed: {
    method: 'POST',
    path: '/api/subscriptions_feed',
    access: 'reader',
    tag: 'Feeds',
    summary: "A page of the followed sources' articles, newest first.",
    body: feedRequestSchema,
    response: feedResponseSchema,
  },
  demoArticles: {
    method: 'POST',
    path: '/api/dig_deeper_article',
    access: 'anyone',
    tag: 'Feeds',
    summary: "The landing page's sample articles.",
    body: digDeeperRequestSchema,
    response: feedResponseSchema,
  },
  // Bookmarks
  bookmarkPost: {
    method: 'POST',
    path: '/api/bookmark_post',
    access: 'reader',
    tag: 'Bookmarks',
    summary: 'Bookmarks an article.',
    body: postIdRequestSchema,
    response: bookmarkResponseSchema,
  },
  removeBookmark: {
    method: 'POST',
    path: '/api/remove_bookmark',
    access: 'reader',
    tag: 'Bookmarks',
    summary: 'Removes a bookmark.',
    body: postIdRequestSchema,
    response: bookmarkResponseSchema,
  },
  bookmarksFeed: {
    method: 'POST',
    path: '/api/bookmarks_feed',
    access: 'reader',
    tag: 'Bookmarks',
    summary: "A page of the reader's bookmarks, newest bookmark first.",
    body: feedRequestSchema,
    response: feedResponseSchema,
  },
  fetchBookmarksFeed: {
    method: 'GET',
    path: '/api/fetch_bookmarks_feed',
    access: 'reader',
    tag: 'Bookmarks',
    summary: "The first page of the reader's bookmarks.",
    response: feedResponseSchema,
  },
  // Summaries
  postSummary: {
    method: 'POST',
    path: '/api/post_summary',
    access: 'anyone',
    tag: 'Summaries',
    summary: "An article's summary: bullet points with their source sentences, and key concepts.",
    body: postSummaryRequestSchema,
    response: summarySchema,
  },
} as const satisfies Record<string, EndpointDeclaration>;

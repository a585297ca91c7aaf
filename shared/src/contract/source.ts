import { z } from 'zod';
import { captchaTokenSchema, emailSchema, idSchema, nameSchema } from './common.js';
import type { EndpointDeclaration } from './endpoint-declaration.js';
import { submitSourceResponseSchema } from './source-health.js';

export const relatedSourceSchema = z.object({
  url_name: z.string(),
  long_name: z.string(),
  logo_file: z.string(),
});
export type RelatedSource = z.infer<typeof relatedSourceSchema>;

/** A source (a blog) as the client sees it (spec §3). */
export const sourceSchema = z.object({
  source_id: z.number().int(),
  url_name: z.string(),
  name: z.string(),
  long_name: z.string(),
  logo_file: z.string(),
  /** Whether the caller follows it (false for visitors). */
  following: z.boolean(),
});
export type Source = z.infer<typeof sourceSchema>;

/** POST /source_info: by url name or by id; answers the source with related sources. */
export const sourceInfoRequestSchema = z.union([
  z.object({ sourceUrlName: z.string().min(1).max(200) }),
  z.object({ sourceId: idSchema }),
]);
export type SourceInfoRequest = z.infer<typeof sourceInfoRequestSchema>;
export const sourceInfoResponseSchema = sourceSchema.extend({
  related_sources: z.array(relatedSourceSchema),
});
export type SourceInfo = z.infer<typeof sourceInfoResponseSchema>;

/**
 * Body of POST /get_recommended_sources and /sources: the client's fetch-all body ({} asks for
 * everything); `limit` caps the answer.
 */
export const sourceListRequestSchema = z.object({
  limit: z.number().int().min(1).max(1000).optional(),
});

/** POST /get_recommended_sources and /sources */
export const sourcesResponseSchema = z.array(sourceSchema);

/** POST /home_page_sources_showcase: sources grouped four per row. */
export const sourcesShowcaseResponseSchema = z.array(z.array(sourceSchema));

/** POST /follow_source and /unfollow_source answer the following flag after the call. */
export const sourceIdRequestSchema = z.object({ sourceId: idSchema });
export const followResponseSchema = z.object({ following: z.boolean() });

/** POST /get_topic_description answers paragraphs; /get_sources_for_topic a source list. */
export const topicNameRequestSchema = z.object({ topic_name: z.string().trim().min(1).max(100) });
export const topicDescriptionResponseSchema = z.array(z.string());
export const topicSourcesResponseSchema = z.array(relatedSourceSchema);

/** An absolute http(s) URL with a host and no spaces. */
const HTTP_URL = /^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i;

/** A bare address, as people type one (`netflixtechblog.com`, `example.org:8080/blog`). */
const BARE_ADDRESS = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?(?:[/?#]\S*)?$/i;

/** A bare address is taken as https; anything else is left to the http(s) rule. */
function withHttpsByDefault(address: string): string {
  return BARE_ADDRESS.test(address) ? `https://${address}` : address;
}

/**
 * POST /submit_source (answers okResponseSchema): the blog's http(s) address; a bare one is read
 * as https, on the client and on the server alike.
 */
export const submitSourceRequestSchema = z.object({
  name: nameSchema(200),
  url: z
    .string()
    .trim()
    .min(1)
    .overwrite(withHttpsByDefault)
    .max(2048)
    .regex(HTTP_URL, 'Must be an http(s) address'),
  email: emailSchema,
  recaptchaVerifyToken: captchaTokenSchema,
});
export type SubmitSourceRequest = z.infer<typeof submitSourceRequestSchema>;

/** GET /rss/available-feeds: each entry has a topic or a name, and the feed URL. */
export const rssFeedEntrySchema = z.object({
  topic: z.string().optional(),
  name: z.string().optional(),
  url: z.string(),
});
export const rssAvailableFeedsResponseSchema = z.array(rssFeedEntrySchema);
export type RssFeedEntry = z.infer<typeof rssFeedEntrySchema>;

/** The sources, topics and RSS calls (spec §7; endpoint-declaration.ts). */
export const sourceEndpoints = {
  // Sources
  sourcesShowcase: {
    method: 'POST',
    path: '/api/home_page_sources_showcase',
    access: 'anyone',
    tag: 'Sources',
    summary: 'Rows of sources for the home page showcase.',
    response: sourcesShowcaseResponseSchema,
  },
  sourceInfo: {
    method: 'POST',
    path: '/api/source_info',
    access: 'anyone',
    tag: 'Sources',
    summary: 'One source by id or url name, with related sources.',
    body: sourceInfoRequestSchema,
    response: sourceInfoResponseSchema,
  },
  sources: {
    method: 'POST',
    path: '/api/sources',
    access: 'anyone',
    tag: 'Sources',
    summary: 'Every source, at most `limit`.',
    body: sourceListRequestSchema,
    response: sourcesResponseSchema,
  },
  recommendedSources: {
    method: 'POST',
    path: '/api/get_recommended_sources',
    access: 'anyone',
    tag: 'Sources',
    summary: "Sources recommended for the reader's topics.",
    body: sourceListRequestSchema,
    response: sourcesResponseSchema,
  },
  followSource: {
    method: 'POST',
    path: '/api/follow_source',
    access: 'reader',
    tag: 'Sources',
    summary: 'Follows a source.',
    body: sourceIdRequestSchema,
    response: followResponseSchema,
  },
  unfollowSource: {
    method: 'POST',
    path: '/api/unfollow_source',
    access: 'reader',
    tag: 'Sources',
    summary: 'Stops following a source.',
    body: sourceIdRequestSchema,
    response: followResponseSchema,
  },
  submitSource: {
    method: 'POST',
    path: '/api/submit_source',
    access: 'anyone',
    tag: 'Sources',
    summary: "Suggests a blog; it waits for an operator's review.",
    body: submitSourceRequestSchema,
    response: submitSourceResponseSchema,
  },
  // Topics
  topicDescription: {
    method: 'POST',
    path: '/api/get_topic_description',
    access: 'anyone',
    tag: 'Topics',
    summary: "A topic page's About paragraphs.",
    body: topicNameRequestSchema,
    response: topicDescriptionResponseSchema,
  },
  topicSources: {
    method: 'POST',
    path: '/api/get_sources_for_topic',
    access: 'anyone',
    tag: 'Topics',
    summary: "A topic's sources.",
    body: topicNameRequestSchema,
    response: topicSourcesResponseSchema,
  },
  // RSS
  rssFeeds: {
    method: 'GET',
    path: '/api/rss/available-feeds',
    access: 'premium',
    tag: 'RSS',
    summary: "The reader's private RSS feed addresses.",
    response: rssAvailableFeedsResponseSchema,
  },
} as const satisfies Record<string, EndpointDeclaration>;

import { z } from 'zod';
import { idSchema } from './common.js';
import type { EndpointDeclaration } from './endpoint-declaration.js';

/**
 * "More like this" and "less like this" on a card (docs/decisions/0036-steerable-feed.md): what
 * the reader pulls their discover feed towards or pushes it away from, by meaning, topic and
 * source. Less like this is no mute: the article's blog and topics still show, ranked lower.
 */
export const ARTICLE_FEEDBACK = ['more', 'less'] as const;
export const articleFeedbackSchema = z.enum(ARTICLE_FEEDBACK);
export type ArticleFeedback = z.infer<typeof articleFeedbackSchema>;

/** POST /article_feedback: the reader's feedback on an article; null takes it back. */
export const articleFeedbackRequestSchema = z.object({
  postId: idSchema,
  feedback: articleFeedbackSchema.nullable(),
});
export type ArticleFeedbackRequest = z.infer<typeof articleFeedbackRequestSchema>;

/** /article_feedback answers the article's feedback after the call. */
export const articleFeedbackResponseSchema = z.object({
  feedback: articleFeedbackSchema.nullable(),
});

/** The feedback call (decision 0036; endpoint-declaration.ts). */
export const articleFeedbackEndpoints = {
  setArticleFeedback: {
    method: 'POST',
    path: '/api/article_feedback',
    access: 'reader',
    tag: 'Feeds',
    summary:
      "More or less like this article in the reader's discover feed (null takes it back); it applies from the feed's next page.",
    body: articleFeedbackRequestSchema,
    response: articleFeedbackResponseSchema,
  },
} as const satisfies Record<string, EndpointDeclaration>;

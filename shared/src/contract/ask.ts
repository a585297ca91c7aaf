import { z } from 'zod';
import { articleSchema } from './article.js';
import type { EndpointDeclaration } from './endpoint-declaration.js';

/** A question's length in characters: a sentence or two, not an article (docs/decisions/0038). */
export const ASK_QUESTION = { min: 3, max: 300 } as const;
/** Sentences in an answer: enough to answer, few enough to read (docs/decisions/0038). */
export const ANSWER_SENTENCES = { min: 3, max: 8 } as const;

/** POST /api/ask */
export const askRequestSchema = z.object({
  question: z.string().trim().min(ASK_QUESTION.min).max(ASK_QUESTION.max),
});

/** A passage an answer quotes: its article, and a link opening the article's page at it. */
export const citationSchema = z.object({
  /** The marker's number in the answer's sentences, [n], from 1. */
  n: z.number().int().min(1),
  post_id: z.number().int(),
  /** The article's link with a text fragment (`#:~:text=`) to the passage. */
  link: z.string(),
  /** The passage, verbatim from the article's stored text (whitespace collapsed). */
  passage: z.string(),
});
export type Citation = z.infer<typeof citationSchema>;

/** One sentence of an answer, from the passages it cites (quoted: verbatim). */
export const answerSentenceSchema = z.object({
  text: z.string(),
  /** The `n` of the citations it comes from; never empty. */
  citations: z.array(z.number().int().min(1)).min(1),
});
export type AnswerSentence = z.infer<typeof answerSentenceSchema>;

/**
 * An answer quoted from the archive, grouped by article, or, when no article answers the
 * question, `abstained` with the nearest articles instead (docs/decisions/0038).
 */
export const askResponseSchema = z.object({
  /**
   * `quoted`: sentences quoted verbatim from the passages (offline, and the fallback);
   * `written`: written by the configured chat model, each sentence checked against the passages
   * it cites (API 1.10.0). An abstention is `quoted`: nothing is written.
   */
  kind: z.enum(['quoted', 'written']),
  abstained: z.boolean(),
  /** "No article in the archive answers this" when abstained, else empty. */
  message: z.string(),
  /** ANSWER_SENTENCES.min to .max sentences; empty when abstained. */
  sentences: z.array(answerSentenceSchema).max(ANSWER_SENTENCES.max),
  citations: z.array(citationSchema),
  /** The cited articles (answered), or the nearest ones (abstained), as cards. */
  articles: z.array(articleSchema),
});
export type AskResponse = z.infer<typeof askResponseSchema>;

export const askEndpoints = {
  ask: {
    method: 'POST',
    path: '/api/ask',
    access: 'anyone',
    tag: 'Summaries',
    summary:
      'An answer to a question quoted from the archive, each sentence citing its passage; abstains with the nearest articles when no article answers it.',
    body: askRequestSchema,
    response: askResponseSchema,
  },
} as const satisfies Record<string, EndpointDeclaration>;

import { z } from 'zod';
import { articleSchema, postIdRequestSchema } from './article.js';
import { idPathSegmentSchema, idSchema, okResponseSchema } from './common.js';
import type { EndpointDeclaration } from './endpoint-declaration.js';
import {
  HIGHLIGHT_CONTEXT_CHARS,
  HIGHLIGHT_MAX_CHARS,
  HIGHLIGHT_NOTE_MAX_CHARS,
  MAX_HIGHLIGHTS_PAGE,
} from './limits.js';

/**
 * The reader view and highlights (docs/decisions/0037-reader-view-and-highlights.md): an
 * article's stored text as blocks, and each reader's highlights and notes on it, described with
 * the W3C Web Annotation selectors over its reading text (the blocks' texts, one a line:
 * `readingText` in @blogstream/shared/lib).
 */

/**
 * One block of an article's text: plain text, never markup. The crawler keeps them from the
 * article's HTML (a heading's level, a code block's text verbatim, an image's address and alt);
 * for text stored before it did, the server guesses them from the plain text.
 */
export const readerBlockSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('heading'), level: z.number().int().min(1).max(6), text: z.string() }),
  z.object({ kind: z.literal('paragraph'), text: z.string() }),
  z.object({ kind: z.literal('list_item'), text: z.string() }),
  z.object({ kind: z.literal('quote'), text: z.string() }),
  /** Preformatted text, its line breaks and spaces as the blog wrote them. */
  z.object({ kind: z.literal('code'), text: z.string() }),
  /** An image inside the text: an absolute http(s) address; it adds nothing to the reading text. */
  z.object({ kind: z.literal('image'), src: z.string(), alt: z.string() }),
]);
export type ReaderBlock = z.infer<typeof readerBlockSchema>;

/** POST /get_article_text: the article, its text as blocks (none: no text is stored). */
export const articleTextSchema = z.object({
  article: articleSchema,
  blocks: z.array(readerBlockSchema),
  /** At 230 words a minute, at least 1; 0 when no text is stored. */
  reading_minutes: z.number().int().min(0),
});
export type ArticleText = z.infer<typeof articleTextSchema>;

/** W3C Web Annotation TextQuoteSelector: the quoted words and the text around them. */
export const textQuoteSelectorSchema = z.object({
  type: z.literal('TextQuoteSelector'),
  exact: z.string().min(1).max(HIGHLIGHT_MAX_CHARS),
  prefix: z.string().max(HIGHLIGHT_CONTEXT_CHARS),
  suffix: z.string().max(HIGHLIGHT_CONTEXT_CHARS),
});
export type TextQuoteSelector = z.infer<typeof textQuoteSelectorSchema>;

/** W3C Web Annotation TextPositionSelector: character offsets, end exclusive. */
export const textPositionSelectorSchema = z
  .object({
    type: z.literal('TextPositionSelector'),
    start: z.number().int().min(0),
    end: z.number().int().min(1),
  })
  .refine(({ start, end }) => start < end, { path: ['end'], message: 'end must be after start' });
export type TextPositionSelector = z.infer<typeof textPositionSelectorSchema>;

/** Where a highlight was made: both selectors, over the reading text of that time. */
export const highlightSelectorSchema = z.object({
  quote: textQuoteSelectorSchema,
  position: textPositionSelectorSchema,
});
export type HighlightSelector = z.infer<typeof highlightSelectorSchema>;

export const highlightNoteSchema = z.string().trim().max(HIGHLIGHT_NOTE_MAX_CHARS);

/** Where a highlight sits in the article's text now; null: it can no longer be placed (orphaned). */
export const highlightPlacementSchema = z
  .object({ start: z.number().int(), end: z.number().int() })
  .nullable();

export const highlightSchema = z.object({
  highlight_id: z.number().int(),
  post_id: z.number().int(),
  selector: highlightSelectorSchema,
  /** Empty when the reader wrote none. */
  note: z.string(),
  created_at: z.string(),
  placement: highlightPlacementSchema,
});
export type Highlight = z.infer<typeof highlightSchema>;

/** POST /add_highlight */
export const addHighlightRequestSchema = z.object({
  postId: idSchema,
  selector: highlightSelectorSchema,
  note: highlightNoteSchema.optional(),
});
export type AddHighlightRequest = z.input<typeof addHighlightRequestSchema>;

/** POST /save_highlight_note */
export const highlightNoteRequestSchema = z.object({
  highlightId: idSchema,
  note: highlightNoteSchema,
});

/** POST /delete_highlight */
export const highlightIdRequestSchema = z.object({ highlightId: idSchema });

export const articleHighlightsSchema = z.array(highlightSchema);

/** POST /get_highlights: the reader's highlights across articles, newest first. */
export const highlightsRequestSchema = z.object({
  /** Words to find in the quote, the note or the article's title; absent or empty: all. */
  query: z.string().trim().max(200).optional(),
  offset: z.number().int().min(0).max(10_000),
  limit: z.number().int().min(1).max(MAX_HIGHLIGHTS_PAGE),
});
export type HighlightsRequest = z.input<typeof highlightsRequestSchema>;

export const highlightWithArticleSchema = highlightSchema.extend({
  article: articleSchema.pick({
    title: true,
    link: true,
    source_name: true,
    publishing_date: true,
  }),
});
export type HighlightWithArticle = z.infer<typeof highlightWithArticleSchema>;
export const highlightsResponseSchema = z.array(highlightWithArticleSchema);

/** GET /api/highlights_markdown/{postId}: one article's highlights as Markdown, a download. */
export const highlightsMarkdownSchema = z.string().meta({
  description:
    "An article's highlights as Markdown (text/markdown): front matter with title, source, link and date, each highlight a quote linked to its passage on the original page (a text fragment), its note beneath.",
  contentMediaType: 'text/markdown',
});

/** GET /api/highlights_markdown_zip: every article's Markdown, one file each, zipped. */
export const highlightsZipSchema = z.string().meta({
  description: 'A zip (application/zip) of one Markdown file per highlighted article.',
  contentMediaType: 'application/zip',
});

/** GET /api/highlights_readwise_csv: every highlight in Readwise's CSV import format. */
export const readwiseCsvSchema = z.string().meta({
  description:
    "Every highlight in Readwise's CSV import format (text/csv): Highlight, Title, Author, URL, Note, Location, Date.",
  contentMediaType: 'text/csv',
});

/** The reader view and highlights calls (decision 0037; endpoint-declaration.ts). */
export const readerEndpoints = {
  getArticleText: {
    method: 'POST',
    path: '/api/get_article_text',
    access: 'anyone',
    tag: 'Reader',
    summary:
      'An article with its text as blocks (headings with their level, paragraphs, list items, quotes, code, images) for the reader view; no blocks when no text is stored.',
    body: postIdRequestSchema,
    response: articleTextSchema,
  },
  getArticleHighlights: {
    method: 'POST',
    path: '/api/get_article_highlights',
    access: 'reader',
    tag: 'Reader',
    summary:
      "The reader's highlights on one article, in text order, each placed on the article's current text or orphaned (placement null).",
    body: postIdRequestSchema,
    response: articleHighlightsSchema,
  },
  addHighlight: {
    method: 'POST',
    path: '/api/add_highlight',
    access: 'reader',
    tag: 'Reader',
    summary:
      "Highlights a passage of an article, with a note or none; 422 SELECTOR_MISMATCH when the selectors do not describe the article's text.",
    body: addHighlightRequestSchema,
    response: highlightSchema,
  },
  saveHighlightNote: {
    method: 'POST',
    path: '/api/save_highlight_note',
    access: 'reader',
    tag: 'Reader',
    summary: "Replaces a highlight's note (empty: none).",
    body: highlightNoteRequestSchema,
    response: highlightSchema,
  },
  deleteHighlight: {
    method: 'POST',
    path: '/api/delete_highlight',
    access: 'reader',
    tag: 'Reader',
    summary: 'Deletes a highlight and its note.',
    body: highlightIdRequestSchema,
    response: okResponseSchema,
  },
  getHighlights: {
    method: 'POST',
    path: '/api/get_highlights',
    access: 'reader',
    tag: 'Reader',
    summary:
      "A page of the reader's highlights across articles, newest first, found by words of the quote, the note or the article's title.",
    body: highlightsRequestSchema,
    response: highlightsResponseSchema,
  },
  exportArticleHighlights: {
    method: 'GET',
    path: '/api/highlights_markdown/:postId',
    access: 'reader',
    tag: 'Reader',
    summary: "The reader's highlights on one article as a Markdown file (a download).",
    params: z.object({ postId: idPathSegmentSchema }),
    response: highlightsMarkdownSchema,
  },
  exportHighlightsZip: {
    method: 'GET',
    path: '/api/highlights_markdown_zip',
    access: 'reader',
    tag: 'Reader',
    summary:
      "All the reader's highlights as Markdown, one file per article, in a zip (a download an Obsidian vault takes as it is).",
    response: highlightsZipSchema,
  },
  exportHighlightsCsv: {
    method: 'GET',
    path: '/api/highlights_readwise_csv',
    access: 'reader',
    tag: 'Reader',
    summary: "All the reader's highlights in Readwise's CSV import format (a download).",
    response: readwiseCsvSchema,
  },
} as const satisfies Record<string, EndpointDeclaration>;

import type { Article, Highlight } from '@blogstream/shared/contract';
import { readingText, selectorOf } from '@blogstream/shared/lib';
import { articlesInOrder, storedText, type StoredText } from '../../../db/articles.js';
import type { Db } from '../../../db/db.js';
import {
  addHighlight,
  articleHighlights,
  deleteHighlight,
  highlightsToExport,
  MAX_HIGHLIGHTS_PER_READER,
  saveHighlightNote,
  searchHighlights,
  type StoredHighlight,
  type StoredHighlightWithArticle,
} from '../../../db/highlights.js';
import {
  articleMarkdown,
  markdownFileName,
  markdownZip,
  readwiseCsv,
  type ExportedArticle,
  type ExportedHighlight,
} from '../../../intelligence/reader/export-highlights.js';
import { readerBlocks, readingMinutes } from '../../../intelligence/reader/reader-blocks.js';
import { reattach } from '../../../intelligence/reader/re-attach.js';
import { ApiFailure } from '../../api-failure.js';
import type { App } from '../../app-type.js';
import { requireUserId } from '../../current-user.js';
import { serve } from '../../endpoint.js';

const articleNotFound = (postId: number) =>
  new ApiFailure(404, 'NOT_FOUND', `There is no article ${postId}.`);
const highlightNotFound = () => new ApiFailure(404, 'NOT_FOUND', 'Highlight not found.');

/** The reader view's blocks of a stored text: those the crawler kept, else read from its lines. */
const blocksOf = (stored: StoredText) => stored.blocks ?? readerBlocks(stored.content);

/** The reading text of an article's stored text (the reader view's blocks, one a line). */
const readingTextOf = (stored: StoredText) => readingText(blocksOf(stored));

/** The highlight as the API answers it: placed on the article's reading text now, or orphaned. */
function placed(highlight: StoredHighlight, text: string): Highlight {
  const attachment = reattach(text, highlight.selector);
  return {
    highlight_id: highlight.highlightId,
    post_id: highlight.postId,
    selector: highlight.selector,
    note: highlight.note,
    created_at: highlight.createdAt,
    placement: attachment && { start: attachment.start, end: attachment.end },
  };
}

/** An article as its export names it. */
const exportedArticle = (
  postId: number,
  article: Pick<Article, 'title' | 'source_name' | 'link' | 'publishing_date'>,
): ExportedArticle => ({
  postId,
  title: article.title,
  sourceName: article.source_name,
  link: article.link,
  publishingDate: article.publishing_date,
});

/** Highlights to export grouped by article, in the order they came. */
function byArticle(
  highlights: readonly StoredHighlightWithArticle[],
): { article: ExportedArticle; highlights: ExportedHighlight[] }[] {
  const groups = new Map<number, { article: ExportedArticle; highlights: ExportedHighlight[] }>();
  for (const { postId, article, selector, note, createdAt } of highlights) {
    const group = groups.get(postId) ?? {
      article: exportedArticle(postId, article),
      highlights: [],
    };
    group.highlights.push({ quote: selector.quote.exact, note, createdAt });
    groups.set(postId, group);
  }
  return [...groups.values()];
}

/** A download: never cached, saved under `fileName`. */
const DOWNLOAD_HEADERS = (fileName: string) => ({
  'cache-control': 'private, no-store',
  'content-disposition': `attachment; filename="${fileName}"`,
});

/** The reader view's article text and each reader's highlights on it (decision 0037). */
export function registerReaderRoutes(app: App, db: Db): void {
  serve(app, 'getArticleText', async (request) => {
    const { postId } = request.body;
    const [[article], stored] = await Promise.all([
      articlesInOrder(db, [postId], request.userId),
      storedText(db, postId),
    ]);
    if (!article || stored === undefined) throw articleNotFound(postId);
    const blocks = blocksOf(stored);
    return { article, blocks, reading_minutes: readingMinutes(blocks) };
  });

  serve(app, 'getArticleHighlights', async (request) => {
    const userId = requireUserId(request);
    const { postId } = request.body;
    const stored = await storedText(db, postId);
    if (stored === undefined) throw articleNotFound(postId);
    const text = readingTextOf(stored);
    const highlights = (await articleHighlights(db, userId, postId)).map((highlight) =>
      placed(highlight, text),
    );
    // In text order, the orphaned ones last.
    return highlights.sort(
      (a, b) => (a.placement?.start ?? Infinity) - (b.placement?.start ?? Infinity),
    );
  });

  serve(app, 'addHighlight', async (request) => {
    const userId = requireUserId(request);
    const { postId, selector, note = '' } = request.body;
    const stored = await storedText(db, postId);
    if (stored === undefined) throw articleNotFound(postId);
    const text = readingTextOf(stored);
    const { start, end } = selector.position;
    const described = selectorOf(text, start, end).quote;
    if (
      end > text.length ||
      described.exact !== selector.quote.exact ||
      described.prefix !== selector.quote.prefix ||
      described.suffix !== selector.quote.suffix
    ) {
      throw new ApiFailure(
        422,
        'SELECTOR_MISMATCH',
        "The highlight does not match the article's text: reload the article and select the passage again.",
      );
    }
    const highlight = await addHighlight(db, userId, postId, selector, note);
    if (!highlight) {
      throw new ApiFailure(
        409,
        'TOO_MANY_HIGHLIGHTS',
        `You can keep at most ${MAX_HIGHLIGHTS_PER_READER} highlights: delete some first.`,
      );
    }
    return placed(highlight, text);
  });

  serve(app, 'saveHighlightNote', async (request) => {
    const userId = requireUserId(request);
    const { highlightId, note } = request.body;
    const highlight = await saveHighlightNote(db, userId, highlightId, note);
    if (!highlight) throw highlightNotFound();
    const stored = await storedText(db, highlight.postId);
    return placed(highlight, stored ? readingTextOf(stored) : '');
  });

  serve(app, 'deleteHighlight', async (request) => {
    if (!(await deleteHighlight(db, requireUserId(request), request.body.highlightId))) {
      throw highlightNotFound();
    }
    return { ok: true } as const;
  });

  serve(app, 'getHighlights', async (request) => {
    const { query = '', offset, limit } = request.body;
    const found = await searchHighlights(db, requireUserId(request), { query, offset, limit });
    return found.map(({ text, article, ...highlight }) => ({
      ...placed(highlight, readingTextOf(text)),
      article,
    }));
  });

  serve(app, 'exportArticleHighlights', async (request, reply) => {
    const { postId } = request.params;
    const [[article], highlights] = await Promise.all([
      articlesInOrder(db, [postId], request.userId),
      highlightsToExport(db, requireUserId(request), postId),
    ]);
    if (!article) throw articleNotFound(postId);
    const exported = exportedArticle(postId, article);
    const [group] = byArticle(highlights);
    return reply
      .headers(DOWNLOAD_HEADERS(markdownFileName(exported)))
      .type('text/markdown; charset=utf-8')
      .send(articleMarkdown(exported, group?.highlights ?? []));
  });

  serve(app, 'exportHighlightsZip', async (request, reply) => {
    const groups = byArticle(await highlightsToExport(db, requireUserId(request), null));
    return (
      reply
        .headers(DOWNLOAD_HEADERS('blogstream-highlights.zip'))
        .type('application/zip')
        // The declared schema describes the file for the API reference; Fastify sends bytes as
        // they are.
        .send(Buffer.from(markdownZip(groups)) as unknown as string)
    );
  });

  serve(app, 'exportHighlightsCsv', async (request, reply) => {
    const groups = byArticle(await highlightsToExport(db, requireUserId(request), null));
    return reply
      .headers(DOWNLOAD_HEADERS('blogstream-highlights-readwise.csv'))
      .type('text/csv; charset=utf-8')
      .send(readwiseCsv(groups));
  });
}

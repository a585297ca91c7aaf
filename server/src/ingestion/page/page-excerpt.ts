import { looksLikeProse, MAX_PREVIEW_LENGTH } from '../normalise/preview.js';
import { truncateText } from '../sanitise/html-to-text.js';

/** An excerpt shorter than this takes the next real paragraph too, when there is one. */
const MIN_EXCERPT_LENGTH = 80;

/** Bylines and datelines: "By Jane Doe", "Posted on May 1, 2024 by Jane", "Updated: ...". */
const BYLINE = /^(?:by|posted|written|published|updated|last updated|author|photo|image|credit)\b/i;
/** Longer lines that start like a byline are sentences: "By default the client retries...". */
const MAX_BYLINE_LENGTH = 120;
/** Page furniture that can read like a sentence. */
const BOILERPLATE =
  /^(?:share (?:this|on|via)|table of contents|contents\b|in this (?:article|post)|\d+ min(?:ute)?s? read|reading time)/i;

function isRealParagraph(paragraph: string, captions: ReadonlySet<string>): boolean {
  return (
    !paragraph.startsWith('- ') &&
    !(paragraph.length <= MAX_BYLINE_LENGTH && BYLINE.test(paragraph)) &&
    !BOILERPLATE.test(paragraph) &&
    !captions.has(paragraph) &&
    looksLikeProse(paragraph)
  );
}

/**
 * The opening of an article's text (one paragraph a line): its first real paragraphs, enough of
 * them to reach MIN_EXCERPT_LENGTH where the text allows. Headings, list items, bylines, dates,
 * sharing prompts, tables of contents and the given image captions are not real paragraphs.
 * Null when the text has none.
 */
export function excerptOf(text: string, captions: ReadonlySet<string>): string | null {
  const chosen: string[] = [];
  let length = 0;
  for (const paragraph of text.split('\n')) {
    if (!isRealParagraph(paragraph, captions)) continue;
    chosen.push(paragraph);
    length += paragraph.length + 1;
    if (length > MIN_EXCERPT_LENGTH) break;
  }
  return chosen.length > 0 ? truncateText(chosen.join(' '), MAX_PREVIEW_LENGTH) : null;
}

import { truncateText } from '../sanitise/html-to-text.js';
import { withoutChrome } from './page-chrome.js';

/**
 * Bump when the rules below (or page-chrome.ts) change: stored previews are derived again
 * (rederive-previews.ts).
 */
export const PREVIEW_RULES_VERSION = 1;

/** A card's preview: a few sentences, more than the card shows on a wide screen (260). */
export const MAX_PREVIEW_LENGTH = 1000;
/** Enough prose to read as a preview; shorter opening paragraphs are joined with the next. */
const WELL_FILLED_PREVIEW = 280;

/**
 * Short function words of the languages the catalogue's blogs write in. Prose is full of them;
 * menus, tag lists, bylines and headings have almost none.
 */
const FUNCTION_WORDS = new Set(
  (
    'a an the and or but if of to in on at by for with from as is are was were be been being it ' +
    'its this that these those we our you your they their he she his her i my not no so than ' +
    'then there here what which who how when where why can will would should could do does did ' +
    'has have had into about over under more most also just all any some each such only very ' +
    'le la les un une des de du et est en que qui pour dans sur pas ' +
    'der die das ein eine und ist nicht mit auf für von zu den ' +
    'el los las y es por con para una del'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu;

/** Fewer words than this make a heading, a byline or a list entry, not a preview. */
const MIN_PROSE_WORDS = 8;

/**
 * Whether a paragraph reads as prose rather than site chrome: enough words, some of them
 * function words, and most not capitalised like menu entries.
 */
export function looksLikeProse(paragraph: string): boolean {
  const words = paragraph.match(WORD) ?? [];
  if (words.length < MIN_PROSE_WORDS) return false;
  const functionWords = words.filter((word) => FUNCTION_WORDS.has(word.toLowerCase())).length;
  const capitalised = words.filter((word) => /^\p{Lu}/u.test(word)).length;
  return functionWords / words.length >= 0.12 && capitalised / words.length < 0.6;
}

/**
 * A preview from text with one paragraph a line: its first prose paragraphs, skipping the
 * navigation, bylines and headings that often open text taken from a page, and without the page
 * chrome (bylines, share bars, reading times, image credits: page-chrome.ts) a paragraph opens
 * with. Empty when nothing in it reads as prose.
 */
export function previewOf(paragraphs: string): string {
  const prose: string[] = [];
  let length = 0;
  for (const paragraph of paragraphs.split('\n').map(withoutChrome)) {
    if (!looksLikeProse(paragraph)) {
      if (prose.length > 0) break;
      continue;
    }
    prose.push(paragraph);
    length += paragraph.length + 1;
    if (length >= WELL_FILLED_PREVIEW) break;
  }
  return truncateText(prose.join(' '), MAX_PREVIEW_LENGTH);
}

/**
 * An author's summary too short to read as prose ("A look at our new build pipeline"), kept
 * when nothing better exists: unless it is capitalised like a label or a menu ("Fundamental
 * Research", "Engineering Mobile Security").
 */
function shortSummary(authorSummary: string): string {
  const summary = withoutChrome(authorSummary.replace(/\n/g, ' '));
  const words = summary.match(WORD) ?? [];
  const capitalised = words.filter((word) => /^\p{Lu}/u.test(word)).length;
  if (words.length === 0 || capitalised / words.length >= 0.5) return '';
  return truncateText(summary, MAX_PREVIEW_LENGTH);
}

/**
 * The preview an article shows: the author's own summary when it reads as prose and says more
 * than the title, else the opening prose of the body, else a short summary of the author's.
 */
export function choosePreview(title: string, summary: string, body: string): string {
  const ownSummary = summary === title ? '' : summary;
  return previewOf(ownSummary) || previewOf(body) || shortSummary(ownSummary);
}

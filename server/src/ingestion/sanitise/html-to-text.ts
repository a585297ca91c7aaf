import { decodeHTMLStrict } from 'entities';
import sanitizeHtml from 'sanitize-html';

/** Elements whose text is never shown: code that runs, styles, embedded documents. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'noscript',
  'template',
  'textarea',
  'option',
  'iframe',
  'object',
  'svg',
  'math',
  'head',
  'title',
];

/** Block elements: their boundaries end paragraphs, so "<p>a</p><p>b</p>" reads "a\nb". */
const BLOCK_TAG =
  /<(\/?)(p|div|br|hr|li|ul|ol|h[1-6]|tr|td|th|table|blockquote|pre|section|article|header|footer|figure|figcaption|dd|dt)\b/gi;
const HAS_BLOCK_TAG = new RegExp(BLOCK_TAG.source, 'i');

// C0 and C1 control characters other than tab and newline (PostgreSQL text cannot even hold
// U+0000), zero-width ones, and U+FFFD, which marks bytes lost before the text reached us.
const CONTROL_CHARACTERS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200d\u2060\ufeff\ufffd]/g;

/** Removes control and zero-width characters, keeping tabs and line breaks. */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, '');
}

/** Removes control and zero-width characters and folds every run of whitespace into one space. */
export function cleanText(text: string): string {
  return withoutControlCharacters(text).replace(/\s+/g, ' ').trim();
}

/**
 * HTML to plain text with sanitize-html, one paragraph a line: no tag, attribute or script
 * survives, only the text a reader would see. Where the HTML has no block element at all (plain
 * text sent as HTML, as many feeds do), its line breaks are the paragraphs. sanitize-html escapes
 * &, <, > and " in what it returns; those four are turned back into characters because the
 * result is stored and served as text, never as markup.
 */
export function htmlToParagraphs(html: string): string {
  const marked = HAS_BLOCK_TAG.test(html)
    ? html.replace(/\s+/g, ' ').replace(BLOCK_TAG, '\n<$1$2')
    : html;
  const escaped = sanitizeHtml(marked, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: DROPPED_WITH_CONTENT,
  });
  return escaped
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .split('\n')
    .map(cleanText)
    .filter(Boolean)
    .join('\n');
}

/** HTML to plain text on one line. */
export function htmlToText(html: string): string {
  return cleanText(htmlToParagraphs(html));
}

/**
 * Closing tags of elements that decorate titles: a title that closes one of them carries HTML.
 * "Option<Box<U>>" and "Why <div> beats <span>" close nothing and stay as written.
 */
const HTML_IN_TITLE =
  /<\/(a|abbr|b|cite|code|del|em|i|ins|kbd|mark|q|s|samp|small|span|strong|sub|sup|u|var|script|style)\s*>/i;
const CODE_ELEMENT = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const INLINE_TAG =
  /<\/?(a|abbr|b|br|cite|code|del|em|i|ins|kbd|mark|q|s|samp|small|span|strong|sub|sup|u|var)(\s[^<>]*)?\/?>/gi;

/**
 * An RSS, RDF or JSON Feed title without the inline HTML some feeds put in it. Its tags are
 * removed only when it visibly closes one (`<code>Vec</code>`), so the angle brackets of code
 * (`Vec<T>`) are kept.
 */
export function withoutTitleMarkup(title: string): string {
  return HTML_IN_TITLE.test(title)
    ? title.replace(CODE_ELEMENT, '').replace(INLINE_TAG, '')
    : title;
}

/** Text as a feed wrote it, with what it is: plain text, or HTML to be turned into text. */
export interface FeedText {
  value: string;
  format: 'text' | 'html';
}

/**
 * A feed's text field as clean plain text: markup is converted only where the field is HTML.
 * Entities left in text after XML parsing are decoded once more, because feeds often escape
 * twice (`It&amp;#8217;s`, `&amp;mdash;`): a reader wants the character, never the entity.
 */
export function plainText(field: FeedText | undefined): string {
  if (!field) return '';
  return field.format === 'html'
    ? htmlToText(field.value)
    : cleanText(decodeHTMLStrict(field.value));
}

/** At most `max` characters, cut at a word boundary with an ellipsis when cut. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

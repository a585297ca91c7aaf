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

/** Block elements: their boundaries become spaces, so "<p>a</p><p>b</p>" reads "a b". */
const BLOCK_TAG =
  /<(\/?)(p|div|br|hr|li|ul|ol|h[1-6]|tr|td|th|table|blockquote|pre|section|article|header|footer|figure|figcaption|dd|dt)\b/gi;

/** Tags that sometimes decorate RSS titles, which are otherwise plain text ("Vec<T>" stays). */
const TITLE_TAG = /<\/?(b|i|em|strong|code|span|small|sub|sup|mark|a|abbr|q|s|u)(\s[^<>]*)?>/gi;

// Control characters other than tab and newline (PostgreSQL text cannot even hold U+0000), and
// zero-width ones.
const CONTROL_CHARACTERS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b-\u200d\u2060\ufeff]/g;

/** Removes control and zero-width characters and folds every run of whitespace into one space. */
export function cleanText(text: string): string {
  return text.replace(CONTROL_CHARACTERS, '').replace(/\s+/g, ' ').trim();
}

/**
 * HTML to plain text with sanitize-html: no tag, attribute or script survives, only the text a
 * reader would see. sanitize-html escapes &, <, > and " in what it returns; those four are turned
 * back into characters because the result is stored and served as text, never as markup.
 */
export function htmlToText(html: string): string {
  const escaped = sanitizeHtml(html.replace(BLOCK_TAG, ' <$1$2'), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: DROPPED_WITH_CONTENT,
  });
  return cleanText(
    escaped
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&'),
  );
}

/** A title as text: HTML titles (Atom type="html") are converted, plain ones lose stray tags. */
export function titleToText(title: string, isHtml: boolean): string {
  return isHtml ? htmlToText(title) : cleanText(title.replace(TITLE_TAG, ''));
}

/** At most `max` characters, cut at a word boundary with an ellipsis when cut. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

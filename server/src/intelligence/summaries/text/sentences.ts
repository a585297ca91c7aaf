/**
 * Plain article text to paragraphs, headings and sentences: pure, no I/O.
 *
 * Stored article text is what sanitize-html left of the feed's HTML (paragraphs separated by blank
 * lines, sometimes hard-wrapped at ~70 columns), and fetched pages are turned into the same shape
 * (page-text.ts). Sentence ends are found by hand rather than with Intl.Segmenter so abbreviations,
 * version numbers, inline code and URLs ("Node.js 20", "e.g. Go", `a.b()`, https://x.io/a.b)
 * never split a sentence.
 */

export interface TextUnit {
  /** Whitespace collapsed. */
  text: string;
  /** A line without sentence punctuation standing on its own: a section title. */
  heading: boolean;
  /** A list item (its marker removed). */
  listItem: boolean;
  /** Where a code block stood (its text is not read): it separates the prose around it. */
  codeBlock?: boolean;
}

export interface Sentence {
  text: string;
  /** Index among all sentences, in reading order. */
  index: number;
  /** The sentence is (part of) a list item. */
  listItem: boolean;
  /** A heading or a code block stands between this sentence and the one before it. */
  afterBreak: boolean;
}

/** Lower-case abbreviations (without their final dot) after which a dot does not end a sentence. */
const ABBREVIATIONS = new Set([
  'e.g',
  'i.e',
  'etc',
  'vs',
  'cf',
  'al',
  'approx',
  'ca',
  'resp',
  'incl',
  'esp',
  'viz',
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'mt',
  'inc',
  'ltd',
  'co',
  'corp',
  'dept',
  'univ',
  'fig',
  'figs',
  'eq',
  'eqs',
  'no',
  'nos',
  'vol',
  'pp',
  'p',
  'ch',
  'sec',
  'ref',
  'ed',
  'eds',
  'est',
  'min',
  'max',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'u.s',
  'u.k',
  'a.m',
  'p.m',
  'ph.d',
  'v',
]);

const LIST_MARKER = /^\s*(?:[-*•‣◦▪–]|\d{1,3}[.)]|[a-z]\))\s+/;
const TERMINAL = /[.!?…:;]["'”’)\]]*$/;
const PLACEHOLDER = /\ue000(\d+)\ue000/g;

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function looksLikeHeading(line: string): boolean {
  const words = line.split(' ').length;
  return (
    words <= 12 && line.length <= 90 && !TERMINAL.test(line) && /^[\p{Lu}\p{N}"'“]/u.test(line)
  );
}

/** A line that ends a sentence, followed by one that starts another: one paragraph per line. */
const SENTENCE_END = /[.!?…]["'”’)\]]*$/;
const SENTENCE_START = /^["'“‘(]?[\p{Lu}\p{N}]/u;
/** Fenced code (Markdown ```): not prose, and full of dots that are not sentence ends. */
const CODE_FENCE = /```[\s\S]*?```/g;
/** What a code block leaves in the text: a paragraph of its own, marking where it stood. */
const CODE_BLOCK_MARK = '\ue001';

/**
 * Paragraphs, headings and list items. Blank lines end a paragraph; single line breaks are
 * soft wraps unless the next line starts a list item, the line is a short title, or the line ends
 * a sentence and the next begins one (text stored one paragraph per line).
 */
export function textUnits(raw: string): TextUnit[] {
  const text = raw
    .replace(CODE_FENCE, `\n\n${CODE_BLOCK_MARK}\n\n`)
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00a0\u2007\u202f]/g, ' ')
    .replace(/[\u200b-\u200d\ufeff]/g, '');
  const units: TextUnit[] = [];
  for (const block of text.split(/\n[ \t]*\n+/)) {
    if (block.trim() === CODE_BLOCK_MARK) {
      units.push({ text: CODE_BLOCK_MARK, heading: false, listItem: false, codeBlock: true });
      continue;
    }
    const lines = block
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    let current: string[] = [];
    let currentIsList = false;
    const flush = () => {
      if (current.length === 0) return;
      const joined = collapse(current.join(' '));
      if (joined) {
        units.push({
          text: joined,
          heading: !currentIsList && looksLikeHeading(joined),
          listItem: currentIsList,
        });
      }
      current = [];
      currentIsList = false;
    };
    for (const [index, line] of lines.entries()) {
      const marker = LIST_MARKER.exec(line);
      // "1. The pause() method ..." or "- item": a list item starts a unit of its own.
      if (marker) {
        flush();
        current.push(line.slice(marker[0].length));
        currentIsList = true;
        continue;
      }
      const next = lines[index + 1];
      current.push(line);
      if (next !== undefined && SENTENCE_END.test(line) && SENTENCE_START.test(next)) {
        flush();
        continue;
      }
      // A short title line directly above its paragraph.
      if (
        next !== undefined &&
        current.length === 1 &&
        !currentIsList &&
        looksLikeHeading(collapse(line)) &&
        line.split(' ').length <= 8 &&
        /^[\p{Lu}"“]/u.test(next)
      ) {
        flush();
      }
    }
    flush();
  }
  return units.map((unit) => ({ ...unit, text: stripMarkup(unit.text) })).filter((u) => u.text);
}

/** Markdown-ish decoration left in feed text: heading hashes, quote marks, emphasis. */
function stripMarkup(text: string): string {
  return collapse(
    text
      .replace(/^#{1,6}\s+/, '')
      .replace(/^>\s*/, '')
      .replace(/(^|[\s(])(\*\*|__|\*|_)(?=\S)([^*_]+?)(?<=\S)\2(?=[\s).,;:!?]|$)/g, '$1$3'),
  );
}

/**
 * Replaces inline code and URLs by numbered placeholders, so that dots inside them are not
 * sentence ends; `restore` puts them back.
 */
function protect(text: string): { text: string; restore(part: string): string } {
  const saved: string[] = [];
  const keep = (match: string) => `\ue000${saved.push(match) - 1}\ue000`;
  const protectedText = text
    .replace(/\ue000/g, '')
    .replace(/`[^`]{1,200}`/g, keep)
    .replace(/\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi, (url) => {
      // A sentence may end right after a URL: leave its final punctuation outside.
      const trailing = /[.,;:!?)\]]+$/.exec(url)?.[0] ?? '';
      return keep(url.slice(0, url.length - trailing.length)) + trailing;
    });
  return {
    text: protectedText,
    restore: (part) => part.replace(PLACEHOLDER, (_, index: string) => saved[Number(index)] ?? ''),
  };
}

/** Whether the dot at `dot` in `text` belongs to the word before it rather than ending a sentence. */
function dotBelongsToWord(text: string, dot: number): boolean {
  // Units are whitespace-collapsed: the word before the dot starts after the last space.
  const before = text.slice(text.lastIndexOf(' ', dot - 1) + 1, dot);
  const word = before.replace(/^["'“‘([]+/, '').toLowerCase();
  if (word === '') return false;
  if (ABBREVIATIONS.has(word)) return true;
  // Initials ("J. R. R. Tolkien", "A. Turing") and dotted acronyms ("U.S.A.").
  if (/^\p{Lu}$/u.test(before.replace(/^["'“‘([]+/, ''))) return true;
  if (/^(?:\p{L}\.)+\p{L}$/u.test(word)) return true;
  return false;
}

/** Splits one paragraph into sentences. */
export function splitSentences(paragraph: string): string[] {
  const { text, restore } = protect(paragraph);
  const sentences: string[] = [];
  // A candidate end: . ! ? or … (runs included), closing quotes or brackets, then a space and
  // something that can start a sentence.
  const END = /([.!?…]+)(["'”’)\]]*)(\s+)(?=["'“‘([]?[\p{Lu}\p{N}\ue000])/gu;
  let start = 0;
  for (let match = END.exec(text); match; match = END.exec(text)) {
    const [, punctuation = '', closers = ''] = match;
    const end = match.index + punctuation.length + closers.length;
    if (punctuation === '.' && dotBelongsToWord(text, match.index)) continue;
    // "1. Foo" at the very start is a list number, not a sentence.
    if (punctuation === '.' && /^\s*\d{1,3}$/.test(text.slice(start, match.index))) continue;
    sentences.push(text.slice(start, end));
    start = match.index + match[0].length;
  }
  sentences.push(text.slice(start));
  return sentences.map((sentence) => collapse(restore(sentence))).filter(Boolean);
}

/** Every sentence of the prose units (not headings, not code blocks), numbered in reading order. */
export function sentencesOf(units: TextUnit[]): Sentence[] {
  const sentences: Sentence[] = [];
  let afterBreak = false;
  for (const unit of units) {
    if (unit.heading || unit.codeBlock) {
      afterBreak = true;
      continue;
    }
    for (const text of splitSentences(unit.text)) {
      sentences.push({ text, index: sentences.length, listItem: unit.listItem, afterBreak });
      afterBreak = false;
    }
  }
  return sentences;
}

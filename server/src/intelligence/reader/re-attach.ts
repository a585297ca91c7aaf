import search from 'approx-string-match';
import type { HighlightSelector, TextQuoteSelector } from '@blogstream/shared/contract';

/**
 * Places a highlight on an article's reading text, which may have changed since the highlight was
 * made (a re-crawl, a page read again): docs/decisions/0037, "Re-attaching". In order:
 * 1. the position, when the quote is still there;
 * 2. the quote, whitespace aside, where its prefix and suffix fit best (then nearest the position);
 * 3. the closest fuzzy match of the quote with at most a fifth of its characters changed;
 * else nothing: the highlight is orphaned, kept and shown as such.
 */

export type AttachMethod = 'position' | 'quote' | 'fuzzy';

export interface Attachment {
  start: number;
  end: number;
  method: AttachMethod;
}

/** At most this share of a quote's characters may differ for a fuzzy match. */
const FUZZY_MAX_ERROR_SHARE = 0.2;
/** A fuzzy match's edge moves to its context by at most its errors or this, whichever is more. */
const MIN_EDGE_SHIFT = 12;

/** Text with every run of whitespace folded into one space, and where each character came from. */
interface FoldedText {
  text: string;
  /** The index in the original text of each folded character. */
  origin: number[];
}

function fold(text: string): FoldedText {
  let folded = '';
  const origin: number[] = [];
  let inSpace = false;
  for (let index = 0; index < text.length; index += 1) {
    const space = /\s/.test(text[index]!);
    if (space && inSpace) continue;
    folded += space ? ' ' : text[index];
    origin.push(index);
    inSpace = space;
  }
  return { text: folded, origin };
}

function commonSuffixLength(a: string, b: string): number {
  let length = 0;
  while (length < a.length && length < b.length && a.at(-1 - length) === b.at(-1 - length)) {
    length += 1;
  }
  return length;
}

function commonPrefixLength(a: string, b: string): number {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length += 1;
  return length;
}

interface Candidate {
  /** In the folded text, end exclusive. */
  start: number;
  end: number;
  errors: number;
}

/** The candidate with fewest errors, then the best-fitting context, then nearest the position. */
function best(
  candidates: readonly Candidate[],
  folded: FoldedText,
  prefix: string,
  suffix: string,
  position: number,
): Candidate | undefined {
  const contextFit = ({ start, end }: Candidate) =>
    commonSuffixLength(folded.text.slice(Math.max(0, start - prefix.length), start), prefix) +
    commonPrefixLength(folded.text.slice(end, end + suffix.length), suffix);
  const distance = ({ start }: Candidate) => Math.abs((folded.origin[start] ?? 0) - position);
  return [...candidates].sort(
    (a, b) => a.errors - b.errors || contextFit(b) - contextFit(a) || distance(a) - distance(b),
  )[0];
}

function occurrences(text: string, quote: string): Candidate[] {
  const found: Candidate[] = [];
  for (let at = text.indexOf(quote); at !== -1; at = text.indexOf(quote, at + 1)) {
    found.push({ start: at, end: at + quote.length, errors: 0 });
  }
  return found;
}

/** A folded-text range as a range of the original text, without whitespace at either end. */
function original(folded: FoldedText, { start, end }: Candidate): { start: number; end: number } {
  let first = start;
  let last = end - 1;
  while (first < last && folded.text[first] === ' ') first += 1;
  while (last > first && folded.text[last] === ' ') last -= 1;
  return { start: folded.origin[first]!, end: folded.origin[last]! + 1 };
}

/**
 * A fuzzy match's edges moved to where the quote's context now sits: the cheapest match of a
 * changed quote may drop a word an edit added at its edge, or run past a word an edit removed.
 * Each edge moves at most `maxShift` characters, and only to a close match of the context.
 */
function alignedToContext(
  folded: FoldedText,
  match: Candidate,
  prefix: string,
  suffix: string,
  maxShift: number,
): Candidate {
  const nearest = (pattern: string, from: number, to: number, target: number) => {
    const windowStart = Math.max(0, from);
    const found = search(
      folded.text.slice(windowStart, to),
      pattern,
      Math.floor(pattern.length * FUZZY_MAX_ERROR_SHARE),
    );
    return found
      .map((candidate) => ({
        ...candidate,
        start: candidate.start + windowStart,
        end: candidate.end + windowStart,
      }))
      .sort(
        (a, b) =>
          a.errors - b.errors ||
          Math.abs(a.start - target) +
            Math.abs(a.end - target) -
            (Math.abs(b.start - target) + Math.abs(b.end - target)),
      )[0];
  };
  let { start, end } = match;
  const before = prefix.trimEnd();
  if (before) {
    const found = nearest(before, start - maxShift - before.length, start + maxShift, start);
    if (found && Math.abs(found.end - start) <= maxShift) start = found.end;
  }
  const after = suffix.trimStart();
  if (after) {
    const found = nearest(after, end - maxShift, end + maxShift + after.length, end);
    if (found && Math.abs(found.start - end) <= maxShift) end = found.start;
  }
  return start < end ? { ...match, start, end } : match;
}

/** A range of the folded text grown to whole words where the quote began or ended at a word's edge. */
function toWordEdges(folded: FoldedText, match: Candidate, quote: TextQuoteSelector): Candidate {
  const wordCharacter = (at: number) =>
    at >= 0 && at < folded.text.length && folded.text[at] !== ' ';
  let { start, end } = match;
  if (!/\S$/.test(quote.prefix) && /^\S/.test(quote.exact)) {
    while (wordCharacter(start - 1) && wordCharacter(start)) start -= 1;
  }
  if (!/^\S/.test(quote.suffix) && /\S$/.test(quote.exact)) {
    while (wordCharacter(end) && wordCharacter(end - 1)) end += 1;
  }
  return { ...match, start, end };
}

export function reattach(text: string, selector: HighlightSelector): Attachment | null {
  const { quote, position } = selector;
  if (text.slice(position.start, position.end) === quote.exact) {
    return { start: position.start, end: position.end, method: 'position' };
  }
  const folded = fold(text);
  const exact = fold(quote.exact).text.trim();
  if (!exact) return null;
  const prefix = fold(quote.prefix).text;
  const suffix = fold(quote.suffix).text;
  const quoted = best(occurrences(folded.text, exact), folded, prefix, suffix, position.start);
  if (quoted) return { ...original(folded, quoted), method: 'quote' };
  const maxErrors = Math.floor(exact.length * FUZZY_MAX_ERROR_SHARE);
  if (maxErrors === 0) return null;
  const fuzzy = best(search(folded.text, exact, maxErrors), folded, prefix, suffix, position.start);
  if (!fuzzy) return null;
  const aligned = alignedToContext(
    folded,
    fuzzy,
    prefix,
    suffix,
    Math.max(maxErrors, MIN_EDGE_SHIFT),
  );
  return { ...original(folded, toWordEdges(folded, aligned, quote)), method: 'fuzzy' };
}

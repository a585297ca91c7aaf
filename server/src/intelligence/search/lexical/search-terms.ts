/**
 * Words as the lexical search leg sees them, for articles and queries alike: lower case, accents
 * folded, English stop words dropped, plain words Porter-stemmed ("profiling" and "profiles" meet),
 * technical tokens kept whole. A token with inner punctuation or a `++`/`#` suffix (c++, c#,
 * node.js, http/2, real-time, 3.12.1) is indexed whole and also as its parts and, for words, run
 * together ("nodejs"), so a query in any of those spellings finds it; a version number is also
 * indexed as each shorter version it belongs to (3.12.1 is found by "3.12" and "3").
 */
import { stemmer } from 'stemmer';
import { STOPWORDS } from '../../embeddings/offline/tokenize.js';

// Letters/digits, optionally joined by . - _ / ' and ending in ++, + or # (c++, c#, f#). Text that
// is plain ASCII once lower-cased and accent-folded (nearly all) takes the faster ASCII pattern.
const WORD_UNICODE = /[\p{L}\p{N}]+(?:[.\-_/'][\p{L}\p{N}]+)*(?:\+\+|#|\+)?/gu;
const WORD_ASCII = /[a-z0-9]+(?:[.\-_/'][a-z0-9]+)*(?:\+\+|#|\+)?/g;
const JOINERS = /[.\-_/']/;
const VERSION = /^v?\d+(?:\.\d+)+$/;
const MAX_TERM_LENGTH = 40;
const NON_ASCII = /[\u0080-\uffff]/;
const MARKS = /\p{M}/gu;
const APOSTROPHE = 39;
const LOWER_S = 115;

function stemOf(word: string): string {
  return word.length > 2 && /^[a-z]+$/.test(word) ? stemmer(word) : word;
}

/** A single letter says nothing, except the languages C and R; a digit may be a version. */
function meaningful(part: string): boolean {
  if (part.length > MAX_TERM_LENGTH || STOPWORDS.has(part)) return false;
  return part.length > 1 || part === 'c' || part === 'r' || (part >= '0' && part <= '9');
}

/** Lower case, accents folded, typographic apostrophes made plain; and the pattern to read it. */
function folded(text: string): { text: string; word: RegExp } {
  const lower = text.toLowerCase();
  if (!NON_ASCII.test(lower)) return { text: lower, word: WORD_ASCII };
  const plain = lower.normalize('NFKD').replace(MARKS, '').replace(/’/g, "'");
  return { text: plain, word: NON_ASCII.test(plain) ? WORD_UNICODE : WORD_ASCII };
}

/** The raw tokens of a text, possessives dropped: what tokenTerms turns into terms. */
export function textTokens(text: string): string[] {
  const { text: normal, word } = folded(text);
  const out: string[] = [];
  word.lastIndex = 0;
  for (let match = word.exec(normal); match !== null; match = word.exec(normal)) {
    const token = match[0];
    const end = token.length;
    const possessive =
      end > 2 && token.charCodeAt(end - 2) === APOSTROPHE && token.charCodeAt(end - 1) === LOWER_S;
    out.push(possessive ? token.slice(0, -2) : token);
  }
  return out;
}

function plainWord(token: string): boolean {
  for (let index = 0; index < token.length; index += 1) {
    const code = token.charCodeAt(index);
    // . - _ / ' + #
    if (code === 46 || code === 45 || code === 95 || code === 47 || code === 39) return false;
    if (code === 43 || code === 35) return false;
  }
  return true;
}

/** The versions a version number belongs to: 3.12.1 -> 3.12, 3. */
function shorterVersions(version: string): string[] {
  const parts = version.replace(/^v/, '').split('.');
  return parts.slice(1).map((_, index) => parts.slice(0, parts.length - 1 - index).join('.'));
}

/** What one token is indexed as: itself (stemmed when a plain word) and its variants. */
function termsOfToken(token: string, out: string[]): void {
  if (plainWord(token)) {
    if (meaningful(token)) out.push(stemOf(token));
    return;
  }
  if (token.length > MAX_TERM_LENGTH) return;
  out.push(token);
  if (VERSION.test(token)) {
    out.push(...shorterVersions(token));
    return;
  }
  const parts = token.split(JOINERS).filter(Boolean);
  if (parts.length < 2) return;
  for (const part of parts) if (meaningful(part)) out.push(stemOf(part));
  if (!/\d/.test(token)) out.push(stemOf(parts.join('')));
}

/** The terms one token is indexed as (none for a stop word). */
export function tokenTerms(token: string): string[] {
  const out: string[] = [];
  termsOfToken(token, out);
  return out;
}

/** Every term of a text, in order, repeated as often as it occurs (term frequencies). */
export function searchTerms(text: string): string[] {
  return textTokens(text).flatMap(tokenTerms);
}

/** One word of a query: the terms that find it, best first (whole token, else its parts). */
export interface QueryWord {
  /** Terms an article may contain to match this word; the first is the exact form. */
  terms: string[];
  /** Written with a trailing `*`: matches every term starting with `terms[0]`. */
  prefix: boolean;
  /** Written as `-word`: articles containing it are left out. */
  excluded: boolean;
  /**
   * Added to the query (an expansion, decision 0033), not asked for: an article needs it neither
   * to contain every word nor to cover enough of the query, but scores with it.
   */
  optional?: boolean;
  /** Its share of a query word's score (1 when not given). */
  weight?: number;
  /**
   * For an added word: the terms of the query's own words it rephrases (the everyday cue its
   * concept matched). An article containing it covers those words of the query, so an article in
   * the technical words alone is found however long the question (docs/decisions/0033).
   */
  standsFor?: readonly string[];
}

/**
 * The words of a query. `-word` excludes, `word*` is a prefix; quotes only group (the index keeps
 * no positions). A technical token is looked for whole; its parts are the fallback when the index
 * does not know the whole token.
 */
export function queryWords(query: string): QueryWord[] {
  const words: QueryWord[] = [];
  const seen = new Set<string>();
  const pattern = new RegExp(`(^|[\\s"(])(-?)(${WORD_UNICODE.source})(\\*?)`, 'gu');
  for (const match of folded(query).text.matchAll(pattern)) {
    const [, , minus = '', raw = '', star = ''] = match;
    const token = raw.replace(/'s$/, '');
    if (star) {
      if (token.length >= 2 && !seen.has(`${token}*`)) {
        seen.add(`${token}*`);
        words.push({ terms: [token], prefix: true, excluded: minus === '-' });
      }
      continue;
    }
    const terms: string[] = [];
    termsOfToken(token, terms);
    const [whole] = terms;
    if (whole === undefined || seen.has(whole)) continue;
    seen.add(whole);
    // Shorter versions are what a document's version is also indexed as, not what was asked.
    const variants = VERSION.test(token) ? [whole] : terms;
    words.push({ terms: variants, prefix: false, excluded: minus === '-' });
  }
  return words;
}

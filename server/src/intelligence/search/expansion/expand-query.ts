/**
 * Query expansion from everyday wording to the words engineering articles use (LAY_CONCEPTS):
 * "why does my program use more and more memory" also looks for "memory leak", "heap",
 * "garbage collection". Only the concepts whose cue the query contains are added, and the
 * legs weigh the added words below the query's own (docs/decisions/0033).
 */
import { stemmer } from 'stemmer';
import { queryWords, textTokens, type QueryWord } from '../lexical/search-terms.js';
import { LAY_CONCEPTS } from './lay-concepts.js';

/** A word as cues compare it: lower case, apostrophes dropped ("can't": cant), stemmed. */
function cueStems(text: string): string[] {
  return textTokens(text).map((token) => {
    const word = token.replace(/'/g, '');
    return /^[a-z]+$/.test(word) && word.length > 2 ? stemmer(word) : word;
  });
}

interface Concept {
  /** Alternatives; one matches when the query has every one of its stems. */
  cues: string[][];
  technical: string;
}

const CONCEPTS: readonly Concept[] = LAY_CONCEPTS.map(([cues, technical]) => ({
  cues: cues.split('|').map(cueStems),
  technical,
}));

/** The technical wording of the concepts a query asks about in everyday words ('' for none). */
export function expansionText(query: string): string {
  const stems = new Set(cueStems(query));
  return CONCEPTS.filter(({ cues }) => cues.some((cue) => cue.every((stem) => stems.has(stem))))
    .map(({ technical }) => technical)
    .join(' ');
}

/**
 * The added words as optional query words of `weight` (each scores that share of a query word's
 * BM25F), less the words the query has already.
 */
export function expansionWords(query: string, weight: number): QueryWord[] {
  const own = new Set(queryWords(query).map((word) => word.terms[0]));
  return queryWords(expansionText(query))
    .filter((word) => !word.excluded && !own.has(word.terms[0]))
    .map((word) => ({ ...word, optional: true, weight }));
}

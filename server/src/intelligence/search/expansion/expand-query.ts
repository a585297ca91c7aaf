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

interface Cue {
  text: string;
  stems: string[];
}

interface Concept {
  /** Alternatives; one matches when the query has every one of its stems. */
  cues: Cue[];
  technical: string;
}

const CONCEPTS: readonly Concept[] = LAY_CONCEPTS.map(([cues, technical]) => ({
  cues: cues.split('|').map((text) => ({ text, stems: cueStems(text) })),
  technical,
}));

/** The concepts a query asks about in everyday words, each with the first of its cues it has. */
function askedConcepts(query: string): { technical: string; cue: string }[] {
  const stems = new Set(cueStems(query));
  return CONCEPTS.flatMap(({ cues, technical }) => {
    const cue = cues.find(({ stems: cueWords }) => cueWords.every((stem) => stems.has(stem)));
    return cue ? [{ technical, cue: cue.text }] : [];
  });
}

/** The technical wording of the concepts a query asks about in everyday words ('' for none). */
export function expansionText(query: string): string {
  return askedConcepts(query)
    .map(({ technical }) => technical)
    .join(' ');
}

/**
 * The added words as optional query words of `weight` (each scores that share of a query word's
 * BM25F), less the words the query has already. Each stands for the query's words of the cue that
 * brought it (QueryWord.standsFor): an article using it covers them.
 */
export function expansionWords(query: string, weight: number): QueryWord[] {
  const own = new Set(queryWords(query).map((word) => word.terms[0]));
  const added = new Map<string, QueryWord>();
  for (const { technical, cue } of askedConcepts(query)) {
    const rephrased = queryWords(cue)
      .map((word) => word.terms[0]!)
      .filter((term) => own.has(term));
    for (const word of queryWords(technical)) {
      const [term] = word.terms;
      if (word.excluded || own.has(term)) continue;
      const standsFor = [...new Set([...(added.get(term!)?.standsFor ?? []), ...rephrased])];
      added.set(term!, { ...word, optional: true, weight, standsFor });
    }
  }
  return [...added.values()];
}

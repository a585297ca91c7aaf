/**
 * An article's stored text as passages: a few consecutive sentences of one section, what the
 * archive is asked against (docs/decisions/0038). Pure: the passage index and the answer both cut
 * the same text the same way, so a passage is found again by its number.
 */
import { sentencesOf, textUnits } from '../summaries/text/sentences.js';

/** Sentences per passage: about a paragraph, enough to hold an answer with its context. */
const SENTENCES_PER_PASSAGE = 3;
/** Passages kept per article (the indexed text is bounded: MAX_INDEXED_BODY). */
export const MAX_PASSAGES = 64;
/** Sentences this short are list debris or captions, not something to quote. */
const MIN_SENTENCE_CHARACTERS = 25;

export interface Passage {
  /** Its place among the article's passages, from 0. */
  number: number;
  sentences: string[];
}

/**
 * The passages of a text: its prose sentences in reading order, cut after every
 * SENTENCES_PER_PASSAGE and at every heading or code block (a new section starts a new passage).
 */
export function articlePassages(text: string): Passage[] {
  const passages: Passage[] = [];
  let current: string[] = [];
  const close = () => {
    if (current.length > 0 && passages.length < MAX_PASSAGES) {
      passages.push({ number: passages.length, sentences: current });
    }
    current = [];
  };
  for (const sentence of sentencesOf(textUnits(text))) {
    if (sentence.afterBreak) close();
    if (sentence.text.length < MIN_SENTENCE_CHARACTERS) continue;
    current.push(sentence.text);
    if (current.length === SENTENCES_PER_PASSAGE) close();
  }
  close();
  return passages;
}

/** A passage's id in the passage index: its article's id and its number, in one number. */
export function passageId(postId: number, number: number): number {
  return postId * MAX_PASSAGES + number;
}

export function passageOf(id: number): { postId: number; number: number } {
  return { postId: Math.floor(id / MAX_PASSAGES), number: id % MAX_PASSAGES };
}

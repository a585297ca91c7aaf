/**
 * The offline summariser: extractive, in-process, no network. Bullet points are the sentences
 * that say what the article claims: central to it (TextRank over TF-IDF vectors), about its title's
 * subject, stating a finding rather than setting the scene, never a sentence the card's preview
 * already shows; in reading order, each with the sentence it comes from. Key concepts are its most
 * prominent noun phrases. Pure and fast (a 6,000-character article takes a few milliseconds).
 */
import { SUMMARY_BULLETS, SUMMARY_CONCEPTS } from '@blogstream/shared/contract';
import { keyPhrases, type PhraseSource } from './text/key-phrases.js';
import { previewShingles, repeatsPreview } from './text/preview-overlap.js';
import { sentencesOf, textUnits, type Sentence, type TextUnit } from './text/sentences.js';
import { cosine, textRank, tfidfVectors } from './text/textrank.js';
import { isContentWord, tokenize } from './text/words.js';

/** Bump when the algorithm changes: stored with each summary it writes (older ones are redone). */
export const OFFLINE_MODEL = 'textrank-claims-2';

/** A summary as the summarisers write it: each bullet point with the sentence it comes from. */
export interface SourcedSummary {
  bullet_points: string[];
  key_concepts: string[];
  /** The article's sentence behind each bullet point, in the same order. */
  bullet_sources: string[];
}

/** Bullet length the reader sees; longer sentences are cut at a clause or word boundary. */
const BULLET_TARGET_LENGTH = 240;
const MIN_SENTENCE_LENGTH = 40;
const MAX_SENTENCE_LENGTH = 600;
/** Sentences ranked at most: keeps the O(n²) graph small on very long pages. */
const MAX_SENTENCES = 300;
/** Text read at most, in characters. */
export const MAX_TEXT_LENGTH = 60_000;
/** Two bullets more similar than this say the same thing: the lower-ranked one is skipped. */
const REDUNDANCY = 0.35;

const BOILERPLATE =
  /\b(?:subscribe|newsletter|sign up|cookies?|all rights reserved|originally (?:published|posted)|click here|read more|share this|follow (?:us|me)|comments?\b.*\bbelow|this (?:post|article) (?:first )?appeared|table of contents|(?:photo|image) (?:credit|by|courtesy))\b/i;

/**
 * Words that mark a finding, a cause or a consequence ("we found", "reduced", "because"): such a
 * sentence states what the article claims rather than setting the scene.
 */
const CLAIM =
  /\b(?:found|showed?|shows|learned|measured|results?|reduc(?:e|es|ed|ing)|improv(?:e|es|ed|ing)|increas(?:e|es|ed)|decreas(?:e|es|ed)|faster|slower|cheaper|fewer|better|worse|because|therefore|means|so that|allows?|enables?|lets|instead|without|key|main|lesson|conclude[sd]?|turns? out|outperform(?:s|ed)?)\b|\d/i;

/** Sentences that point elsewhere rather than say something. */
const LEAD_IN =
  /^(?:further reading|see also|related|update|edit|note|disclaimer|tl;dr|source|credits?|photo|image|via)\b\s*[:(-]/i;

/** An article prepared for summarising: its paragraphs and the sentences fit to be bullets. */
export interface PreparedText {
  title: string;
  units: TextUnit[];
  sentences: Sentence[];
  /** Sentences a bullet can be made of: none of them repeats the preview. */
  candidates: Sentence[];
}

function codeLike(text: string): boolean {
  const inlineCode = (text.match(/`[^`]*`/g) ?? []).join('').length;
  if (inlineCode > text.length * 0.25) return true;
  const symbols = (text.match(/[{}[\]();=<>$\\|&^~`]/g) ?? []).length;
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  return (
    letters < text.length * 0.6 || symbols > text.length * 0.08 || /=>|::|\)\s*\{|;\s*$/.test(text)
  );
}

function isCandidate(sentence: Sentence): boolean {
  const { text } = sentence;
  if (text.length < MIN_SENTENCE_LENGTH || text.length > MAX_SENTENCE_LENGTH) return false;
  const words = text.split(' ').length;
  if (words < 6) return false;
  // An introduction to a list or a code block means little on its own.
  if (/:$/.test(text)) return false;
  // A sentence starts with a capital, a digit or a quote; anything else is a fragment. A list
  // item is a point of its own, whatever its first letter.
  if (!sentence.listItem && !/^["'“‘([]?[\p{Lu}\p{N}`]/u.test(text)) return false;
  if (BOILERPLATE.test(text) || codeLike(text)) return false;
  // A statement: questions, exclamations and unpunctuated titles make poor summary points (a
  // list item need not end with a full stop).
  if (!sentence.listItem && !/[.…]["'”’)\]]*$/.test(text)) return false;
  if (LEAD_IN.test(text)) return false;
  return true;
}

/**
 * Splits the text into units and sentences and picks the sentences a bullet can be made of: none
 * that repeats `preview`, the card's preview text.
 */
export function prepareText(title: string, text: string, preview = ''): PreparedText {
  const units = textUnits(text.slice(0, MAX_TEXT_LENGTH));
  const sentences = sentencesOf(units);
  const shown = previewShingles(preview);
  // A long sentence becomes a shorter bullet, which can repeat the preview where the whole
  // sentence does not (a preview cut in the middle of it): both are checked.
  const candidates = sentences
    .filter(
      (sentence) =>
        isCandidate(sentence) &&
        !repeatsPreview(sentence.text, shown) &&
        !repeatsPreview(toBullet(sentence.text), shown),
    )
    .slice(0, MAX_SENTENCES);
  return { title, units, sentences, candidates };
}

/** Whether the text is long enough to be summarised (three distinct bullet points). */
export function isSummarisable(prepared: PreparedText): boolean {
  return prepared.candidates.length >= SUMMARY_BULLETS.min;
}

function terms(text: string): string[] {
  return tokenize(text)
    .filter(isContentWord)
    .map((token) => token.stem);
}

/** Leading connectives that only make sense after the sentence before. */
const CONNECTIVE =
  /^(?:however|but|and|so|also|then|thus|therefore|moreover|furthermore|additionally|instead|still|finally|first|second|third|next|now|again|similarly|in addition|as a result|in fact|of course|for example|for instance)\s*,?\s+/i;

/** A sentence as a bullet: no dangling connective, at most about BULLET_TARGET_LENGTH characters. */
export function toBullet(sentence: string): string {
  let text = sentence.replace(CONNECTIVE, '');
  text = text.charAt(0).toUpperCase() + text.slice(1);
  if (text.length <= BULLET_TARGET_LENGTH) return text;
  const head = text.slice(0, BULLET_TARGET_LENGTH);
  // Prefer ending at a clause boundary in the second half, else at a word boundary.
  const clause = Math.max(head.lastIndexOf('; '), head.lastIndexOf(', '), head.lastIndexOf(' — '));
  const cut = clause >= BULLET_TARGET_LENGTH / 2 ? clause : head.lastIndexOf(' ');
  return `${head.slice(0, cut > 0 ? cut : BULLET_TARGET_LENGTH).replace(/[\s,;:—–-]+$/, '')}…`;
}

function bulletCount(candidates: number): number {
  return Math.max(SUMMARY_BULLETS.min, Math.min(SUMMARY_BULLETS.max, Math.ceil(candidates / 6)));
}

function conceptCount(sentences: number): number {
  return Math.max(SUMMARY_CONCEPTS.min, Math.min(SUMMARY_CONCEPTS.max, Math.ceil(sentences / 3)));
}

/** How much a sentence is worth a bullet besides its centrality: its subject and its kind. */
function preference(sentence: Sentence, titleTerms: Set<string>): number {
  const aboutTitle = terms(sentence.text).filter((word) => titleTerms.has(word)).length;
  const claim = CLAIM.test(sentence.text) ? 1 : 0;
  // The opening sentences set the scene (and are what the preview shows): a small handicap.
  const opening = sentence.index < 2 ? -0.5 : 0;
  return Math.max(0.2, 1 + Math.min(aboutTitle, 3) * 0.5 + claim + opening);
}

/** The most central, mutually distinct claims, in reading order. */
function bullets(prepared: PreparedText): Sentence[] {
  const { candidates, title } = prepared;
  const vectors = tfidfVectors(candidates.map((sentence) => terms(sentence.text)));
  const titleTerms = new Set(terms(title));
  const preferences = candidates.map((sentence) => preference(sentence, titleTerms));
  const centrality = textRank(vectors, { preference: preferences });
  const scores = centrality.map((score, index) => score * preferences[index]!);
  const ranked = candidates.map((_, index) => index).sort((a, b) => scores[b]! - scores[a]!);
  const wanted = bulletCount(candidates.length);
  const picked: number[] = [];
  for (const index of ranked) {
    if (picked.length >= wanted) break;
    if (picked.some((other) => cosine(vectors[other]!, vectors[index]!) > REDUNDANCY)) continue;
    picked.push(index);
  }
  // Fill up with the next best when redundancy left too few (short articles).
  for (const index of ranked) {
    if (picked.length >= SUMMARY_BULLETS.min) break;
    if (!picked.includes(index)) picked.push(index);
  }
  // The article's opening sentences, in order, are a lead, not a summary: the weakest of them
  // gives way to the best sentence left, and without one there is no summary.
  const isLead = picked.every((index) => candidates[index]!.index < picked.length);
  if (isLead) {
    const replacement = ranked.find((index) => !picked.includes(index));
    if (replacement === undefined) return [];
    picked[picked.length - 1] = replacement;
  }
  const seen = new Set<string>();
  return picked
    .sort((a, b) => candidates[a]!.index - candidates[b]!.index)
    .map((index) => candidates[index]!)
    .filter((sentence) => {
      const bullet = toBullet(sentence.text);
      return !seen.has(bullet) && seen.add(bullet);
    });
}

function concepts(prepared: PreparedText): string[] {
  const prose = prepared.sentences.filter(
    (sentence) => !codeLike(sentence.text) && !BOILERPLATE.test(sentence.text),
  );
  const headings = prepared.units.filter((unit) => unit.heading).map((unit) => unit.text);
  const sources: PhraseSource[] = [
    { text: prepared.title, weight: 2 },
    // Headings and sentences are tagged as one text each: one pass of the tagger per kind.
    { text: headings.map((heading) => `${heading}.`).join('\n'), weight: 1.5 },
    { text: prose.map((sentence) => sentence.text).join(' '), weight: 1 },
  ];
  return keyPhrases(sources, conceptCount(prepared.sentences.length)).map((phrase) =>
    phrase.slice(0, SUMMARY_CONCEPTS.maxLength),
  );
}

/**
 * The summary of an article's text, or null when the text, less what the preview already says, is
 * too short for 3 bullet points and 4 concepts: the summariser never pads with anything the
 * article does not say, and never repeats the preview.
 */
export function summariseOffline(title: string, text: string, preview = ''): SourcedSummary | null {
  return summarisePrepared(prepareText(title, text, preview));
}

export function summarisePrepared(prepared: PreparedText): SourcedSummary | null {
  if (!isSummarisable(prepared)) return null;
  const sources = bullets(prepared);
  const keyConcepts = concepts(prepared);
  if (sources.length < SUMMARY_BULLETS.min || keyConcepts.length < SUMMARY_CONCEPTS.min) {
    return null;
  }
  return {
    bullet_points: sources.map((sentence) => toBullet(sentence.text)),
    key_concepts: keyConcepts,
    bullet_sources: sources.map((sentence) => sentence.text),
  };
}

/**
 * The offline summariser: extractive, in-process, no network. Bullet points are the sentences
 * that say what the article claims: central to it (TextRank over TF-IDF vectors), about its title's
 * subject, stating a finding rather than setting the scene, never a sentence the card's preview
 * already shows; in reading order, each with the sentence it comes from. Each is the article's own
 * whole sentence, never code, and stands alone: a sentence that leans on the one before ("This
 * means...") comes with that sentence, or not at all. Key concepts are its most prominent noun
 * phrases that it names in its title or uses more than once (docs/decisions/0009). Pure and fast
 * (a 6,000-character article takes a few milliseconds).
 */
import { SUMMARY_BULLETS, SUMMARY_CONCEPTS } from '@blogstream/shared/contract';
import { looksLikeCode } from './text/code-like.js';
import { keyPhrases, type PhraseSource } from './text/key-phrases.js';
import { previewShingles, repeatsPreview } from './text/preview-overlap.js';
import { leansOnPrevious } from './text/references.js';
import { sentencesOf, textUnits, type Sentence, type TextUnit } from './text/sentences.js';
import { cosine, textRank, tfidfVectors } from './text/textrank.js';
import { isContentWord, tokenize } from './text/words.js';

/** Bump when the algorithm changes: stored with each summary it writes (older ones are redone). */
export const OFFLINE_MODEL = 'textrank-claims-4';

/** A summary as the summarisers write it: each bullet point with the sentence it comes from. */
export interface SourcedSummary {
  bullet_points: string[];
  key_concepts: string[];
  /** The article's sentence behind each bullet point, in the same order. */
  bullet_sources: string[];
}

const MIN_SENTENCE_LENGTH = 40;
/** Longer sentences make poor points, and a bullet is a whole sentence: they are not used. */
const MAX_SENTENCE_LENGTH = 300;
/** Points longer than this (a sentence with the one it leans on) read slowly: a handicap. */
const READABLE_POINT_LENGTH = 240;
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

/**
 * A summary point: a sentence that stands alone, or one that leans on the sentence before it
 * together with that sentence, in reading order.
 */
export interface Point {
  sentences: Sentence[];
  /** The sentences as the article writes them, one after the other. */
  text: string;
}

/**
 * A heading that text extraction ran into the sentence after it, no stop between them ("... in a
 * day One of the things", "impl trait in traits As we pursued"): a capitalised function word
 * after a lower-case word or a number.
 */
const HEADING_RUN_IN =
  /[\p{Ll}\p{N}]\s+(?:(?:The|As|In|We|It|This|These|Our|If|When|For|But|One|There|Here|To|With|After|Before|Since|While|At|On|Today|Now)\s+\p{Ll}|(?:We|It|Let)[’']\p{Ll})/u;

/** An article prepared for summarising: its paragraphs and the points a bullet can be. */
export interface PreparedText {
  title: string;
  units: TextUnit[];
  sentences: Sentence[];
  /** What a bullet can be: none of it repeats the preview. */
  points: Point[];
}

function isCandidate(sentence: Sentence): boolean {
  const { text } = sentence;
  if (text.length < MIN_SENTENCE_LENGTH || text.length > MAX_SENTENCE_LENGTH) return false;
  const words = text.split(' ').length;
  if (words < 6) return false;
  // An introduction to a list or a code block means little on its own.
  if (/:$/.test(text)) return false;
  // A sentence starts with a capital, a digit or a quote; anything else is a fragment.
  if (!/^["'“‘([]?[\p{Lu}\p{N}`]/u.test(text)) return false;
  if (BOILERPLATE.test(text) || looksLikeCode(text)) return false;
  // A whole statement ends with a full stop: questions, exclamations, unpunctuated titles and
  // list entries make poor summary points, and a sentence trailing off ("...", "…") was cut.
  if (!/(?<![.…])\.["'”’)\]]*$/.test(text)) return false;
  if (LEAD_IN.test(text) || HEADING_RUN_IN.test(text)) return false;
  return true;
}

/**
 * The points of the candidate sentences: each sentence that stands alone, and each that leans on
 * the sentence before it with that sentence when that one is a candidate standing alone and the
 * two fit in a bullet (else the sentence is left out: its referent would be missing).
 */
function pointsOf(candidates: Sentence[]): Point[] {
  const byIndex = new Map(candidates.map((sentence) => [sentence.index, sentence]));
  const standsAlone = (sentence: Sentence) => !leansOnPrevious(sentence.text);
  const points: Point[] = [];
  for (const sentence of candidates) {
    if (standsAlone(sentence)) {
      points.push({ sentences: [sentence], text: sentence.text });
      continue;
    }
    // A sentence of a list leans on the list's introduction, which is no point of its own.
    const adjacent = !sentence.afterBreak && !sentence.listItem;
    const before = adjacent ? byIndex.get(sentence.index - 1) : undefined;
    if (!before || before.listItem || !standsAlone(before)) continue;
    const text = `${before.text} ${sentence.text}`;
    if (text.length <= SUMMARY_BULLETS.maxLength)
      points.push({ sentences: [before, sentence], text });
  }
  return points;
}

/**
 * Splits the text into units and sentences and finds the points a bullet can be: none that
 * repeats `preview`, the card's preview text.
 */
export function prepareText(title: string, text: string, preview = ''): PreparedText {
  const units = textUnits(text.slice(0, MAX_TEXT_LENGTH));
  const sentences = sentencesOf(units);
  const shown = previewShingles(preview);
  const candidates = sentences
    .filter((sentence) => isCandidate(sentence) && !repeatsPreview(sentence.text, shown))
    .slice(0, MAX_SENTENCES);
  return { title, units, sentences, points: pointsOf(candidates) };
}

/** Whether the text is long enough to be summarised (three distinct bullet points). */
export function isSummarisable(prepared: PreparedText): boolean {
  return prepared.points.length >= SUMMARY_BULLETS.min;
}

function terms(text: string): string[] {
  return tokenize(text)
    .filter(isContentWord)
    .map((token) => token.stem);
}

/**
 * A point as the reader sees it: the article's words, without the space that HTML conversion
 * leaves before punctuation ("inheritance ." reads "inheritance.").
 */
export function toBullet(point: string): string {
  return point.replace(/(\p{L}|\p{N}|[)"'”’])\s+([.,;:!?])(?=\s|$)/gu, '$1$2');
}

function bulletCount(points: number): number {
  return Math.max(SUMMARY_BULLETS.min, Math.min(SUMMARY_BULLETS.max, Math.ceil(points / 6)));
}

function conceptCount(sentences: number): number {
  return Math.max(SUMMARY_CONCEPTS.min, Math.min(SUMMARY_CONCEPTS.max, Math.ceil(sentences / 3)));
}

const firstIndex = (point: Point) => point.sentences[0]!.index;

/** How much a point is worth a bullet besides its centrality: its subject, kind and length. */
function preference(point: Point, titleTerms: Set<string>): number {
  const aboutTitle = terms(point.text).filter((word) => titleTerms.has(word)).length;
  const claim = CLAIM.test(point.text) ? 1 : 0;
  // The opening sentences set the scene (and are what the preview shows): a small handicap.
  const opening = firstIndex(point) < 2 ? -0.5 : 0;
  const long = point.text.length > READABLE_POINT_LENGTH ? -0.5 : 0;
  return Math.max(0.2, 1 + Math.min(aboutTitle, 3) * 0.5 + claim + opening + long);
}

/** The most central, mutually distinct claims, in reading order, no sentence in two of them. */
function bullets(prepared: PreparedText): Point[] {
  const { points, title } = prepared;
  const vectors = tfidfVectors(points.map((point) => terms(point.text)));
  const titleTerms = new Set(terms(title));
  const preferences = points.map((point) => preference(point, titleTerms));
  const centrality = textRank(vectors, { preference: preferences });
  const scores = centrality.map((score, index) => score * preferences[index]!);
  const ranked = points.map((_, index) => index).sort((a, b) => scores[b]! - scores[a]!);
  const wanted = bulletCount(points.length);
  const picked: number[] = [];
  const overlaps = (index: number) =>
    picked.some((other) =>
      points[other]!.sentences.some((sentence) => points[index]!.sentences.includes(sentence)),
    );
  for (const index of ranked) {
    if (picked.length >= wanted) break;
    if (overlaps(index)) continue;
    if (picked.some((other) => cosine(vectors[other]!, vectors[index]!) > REDUNDANCY)) continue;
    picked.push(index);
  }
  // Fill up with the next best when redundancy left too few (short articles).
  for (const index of ranked) {
    if (picked.length >= SUMMARY_BULLETS.min) break;
    if (!overlaps(index)) picked.push(index);
  }
  // The article's opening sentences, in order, are a lead, not a summary: the weakest of them
  // gives way to the best point left, and without one there is no summary.
  const isLead = picked.every((index) => firstIndex(points[index]!) < picked.length);
  if (isLead) {
    const last = picked.pop();
    const replacement = ranked.find(
      (index) => index !== last && !picked.includes(index) && !overlaps(index),
    );
    if (replacement === undefined) return [];
    picked.push(replacement);
  }
  const seen = new Set<string>();
  return picked
    .sort((a, b) => firstIndex(points[a]!) - firstIndex(points[b]!))
    .map((index) => points[index]!)
    .filter((point) => !seen.has(point.text) && seen.add(point.text));
}

function concepts(prepared: PreparedText): string[] {
  const prose = prepared.sentences.filter(
    (sentence) => !looksLikeCode(sentence.text) && !BOILERPLATE.test(sentence.text),
  );
  const headings = prepared.units.filter((unit) => unit.heading).map((unit) => unit.text);
  const sources: PhraseSource[] = [
    { text: prepared.title, weight: 2, title: true },
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
    bullet_points: sources.map((point) => toBullet(point.text)),
    key_concepts: keyConcepts,
    bullet_sources: sources.map((point) => point.text),
  };
}

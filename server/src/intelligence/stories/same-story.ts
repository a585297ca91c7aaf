/**
 * Whether two articles of different blogs are one story: the same post cross-posted, an
 * aggregator's copy under another address, or one announcement published by two blogs of one
 * house (docs/decisions/0029-one-story-across-blogs.md). Precision comes first: a wrong merge
 * hides an article behind another one, a missed one only shows a story twice.
 */

/** Only articles published this close together can be one story: recurring titles recur later. */
export const STORY_WINDOW_DAYS = 14;
export const STORY_WINDOW_MS = STORY_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** Version of these rules: articles clustered by older rules are clustered again. */
export const STORY_RULES_VERSION = 2;

/** Characters of an article's text (its body, or its description without one) compared. */
export const STORY_TEXT_CHARACTERS = 2_000;

/** Words a title match must share besides dates, and the text below which texts are not compared. */
const TITLE_WORDS_SHARED = 3;
const TITLE_WORDS_WITH_TEXT = 2;
const MIN_TEXT_WORDS = 40;
const SHINGLE_WORDS = 5;
/** Near-identical texts: the same post whatever the titles say. */
const SAME_TEXT = 0.5;
/** Titles that mostly agree, backed by texts that share whole passages. */
const SHARED_PASSAGES = 0.2;
/** Texts this far apart are different posts under one title. */
const DIFFERENT_TEXT = 0.05;
const SAME_TITLE = 0.8;
const CLOSE_TITLE = 0.5;
/** Shingle hashes kept per text (the smallest ones): two texts this alike share one almost surely. */
export const SKETCH_SIZE = 8;

const STOP_WORDS = new Set(
  'a an the and or of to in on for with from by at is are be how why what we our your you i my it its this that as into using use about vs via'.split(
    ' ',
  ),
);
const MONTHS = new Set(
  'january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec'.split(
    ' ',
  ),
);
/** Words that date a title ("update, March 2025") rather than say what it is about. */
const isDateWord = (word: string) =>
  MONTHS.has(word) || /^((19|20)\d\d|\d{1,2}|w\d{1,2}|q[1-4])$/.test(word);

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);

export interface StoryArticle {
  title: string;
  /** The article's body, or its description when it has none (plain text). */
  text: string;
  /** An aggregator prefixes each title with the blog it copied ("Rust Blog: Announcing ..."). */
  fromAggregator: boolean;
}

export interface StoryFingerprint {
  titleWords: ReadonlySet<string>;
  /** Its title words besides dates: what a title match must share (candidates are found by them). */
  subjectWords: readonly string[];
  /** The title's numbers in order ("Rust 1.97.0": 1 97 0): titles differing in one are two posts. */
  titleNumbers: string;
  /** Hashes of the text's five-word shingles; empty when the text is too short to compare. */
  shingles: ReadonlySet<number>;
  /** The SKETCH_SIZE smallest shingle hashes: candidates are found by sharing one. */
  sketch: readonly number[];
}

function titleOf({ title, fromAggregator }: StoryArticle): string {
  const prefixEnd = title.indexOf(': ');
  return fromAggregator && prefixEnd > 0 ? title.slice(prefixEnd + 2) : title;
}

/** 32-bit FNV-1a: shingles are compared by hash, which keeps a fingerprint small. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function storyFingerprint(article: StoryArticle): StoryFingerprint {
  const allTitleWords = wordsOf(titleOf(article));
  const titleWords = new Set(allTitleWords.filter((word) => !STOP_WORDS.has(word)));
  const titleNumbers = allTitleWords.filter((word) => /^\d+$/.test(word)).join(' ');
  const words = wordsOf(article.text.slice(0, STORY_TEXT_CHARACTERS));
  const shingles = new Set<number>();
  if (words.length >= MIN_TEXT_WORDS) {
    for (let start = 0; start + SHINGLE_WORDS <= words.length; start += 1) {
      shingles.add(hashOf(words.slice(start, start + SHINGLE_WORDS).join(' ')));
    }
  }
  const sketch = [...shingles].sort((left, right) => left - right).slice(0, SKETCH_SIZE);
  const subjectWords = [...titleWords].filter((word) => !isDateWord(word));
  return { titleWords, subjectWords, titleNumbers, shingles, sketch };
}

function jaccard<T>(left: ReadonlySet<T>, right: ReadonlySet<T>): { shared: T[]; ratio: number } {
  const shared = [...left].filter((item) => right.has(item));
  const union = left.size + right.size - shared.length;
  return { shared, ratio: union === 0 ? 0 : shared.length / union };
}

/** Why two articles are one story, or null when they are not. */
export type StoryMatch = 'same text' | 'same title' | 'close title and text';

export function sameStory(left: StoryFingerprint, right: StoryFingerprint): StoryMatch | null {
  const comparableTexts = left.shingles.size > 0 && right.shingles.size > 0;
  const text = comparableTexts ? jaccard(left.shingles, right.shingles).ratio : null;
  if (text !== null && text >= SAME_TEXT) return 'same text';
  // Another version, issue or date is another post, however alike the rest of the title.
  if (left.titleNumbers !== right.titleNumbers) return null;
  const title = jaccard(left.titleWords, right.titleWords);
  const subjectWords = title.shared.filter((word) => !isDateWord(word)).length;
  if (title.ratio >= SAME_TITLE && subjectWords >= TITLE_WORDS_SHARED) {
    return text !== null && text < DIFFERENT_TEXT ? null : 'same title';
  }
  if (
    title.ratio >= CLOSE_TITLE &&
    subjectWords >= TITLE_WORDS_WITH_TEXT &&
    text !== null &&
    text >= SHARED_PASSAGES
  ) {
    return 'close title and text';
  }
  return null;
}

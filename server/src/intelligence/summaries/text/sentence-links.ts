/**
 * Bullet points tied to the article's sentences: a link that opens the article's page at a
 * sentence (a URL text fragment, `#:~:text=start,end`, which browsers scroll to and highlight),
 * and, for a chat model's bullets, the sentence each one most likely paraphrases. Pure.
 */
import type { Sentence } from './sentences.js';
import { cosine, tfidfVectors } from './textrank.js';
import { isContentWord, tokenize } from './words.js';

/** Words at each end of a long sentence that find it (text fragments match start…end). */
const FRAGMENT_EDGE_WORDS = 4;

/** Percent-encoding of a text directive's term: also `-`, `,` and `&`, its own syntax. */
function fragmentTerm(text: string): string {
  return encodeURIComponent(text).replace(/-/g, '%2D');
}

/** The article's link, opened at `sentence` (the whole of it when short, else its edge words). */
export function sentenceLink(
  articleLink: string,
  sentence: string,
  edgeWords: number = FRAGMENT_EDGE_WORDS,
): string {
  const base = articleLink.split('#')[0]!;
  const words = sentence.replace(/\s+/g, ' ').trim().split(' ');
  const directive =
    words.length <= edgeWords * 2
      ? fragmentTerm(words.join(' '))
      : `${fragmentTerm(words.slice(0, edgeWords).join(' '))},` +
        fragmentTerm(words.slice(-edgeWords).join(' '));
  return `${base}#:~:text=${directive}`;
}

const terms = (text: string) =>
  tokenize(text)
    .filter(isContentWord)
    .map((token) => token.stem);

/** For each bullet, the sentence of the text sharing the most weighted words with it. */
export function closestSentences(
  bullets: readonly string[],
  sentences: readonly Sentence[],
): string[] {
  if (sentences.length === 0) return [];
  const vectors = tfidfVectors([
    ...sentences.map((sentence) => terms(sentence.text)),
    ...bullets.map(terms),
  ]);
  const sentenceVectors = vectors.slice(0, sentences.length);
  return bullets.map((_, index) => {
    const bullet = vectors[sentences.length + index]!;
    const similarities = sentenceVectors.map((vector) => cosine(bullet, vector));
    return sentences[similarities.indexOf(Math.max(...similarities))]!.text;
  });
}

import type { TextEmbedder } from '../embedder.js';
import type { SentenceModel } from './sentence-model.js';
import { twoModelsInOne } from '../two-models-in-one.js';

/**
 * The sentence model's share of the fused similarity, chosen by 5-fold cross-validation with the
 * search's fusion (`npm run bench:search-quality -w bench`; docs/decisions/0030).
 */
export const SENTENCE_WEIGHT = 0.5;

/** Words of an article's embedding text the sentence model reads: its title and lede. */
export const SENTENCE_WORDS = 40;

/**
 * What the sentence model reads of a text: its first SENTENCE_WORDS words. For an article that
 * is the source's name, the title and the start of the description (articleEmbeddingText's
 * order); the encoder's cost grows with the length of its input (about 55 titles/s, 30 texts of
 * 40 words/s here), and a title and lede carry what an article is about.
 */
export function sentenceText(text: string): string {
  return text.split(/\s+/).filter(Boolean).slice(0, SENTENCE_WORDS).join(' ');
}

/**
 * Both models in one vector (twoModelsInOne): the word model's, then the sentence model's of the
 * text's first SENTENCE_WORDS words, the sentence model weighing `sentenceWeight` of the
 * similarity; the sentence halves read back from their cache when the weight changes
 * (docs/decisions/0030).
 */
export function sentencesAndWords(
  sentences: SentenceModel,
  words: TextEmbedder,
  sentenceWeight: number,
): TextEmbedder {
  const sentenceEmbedder: TextEmbedder = {
    model: sentences.model,
    dimension: sentences.dimension,
    embed: (texts, purpose) => sentences.encode(texts.map(sentenceText), purpose),
  };
  return twoModelsInOne(words, sentenceEmbedder, sentenceWeight);
}

import type { TextEmbedder } from '../embedder.js';
import type { SentenceModel } from './sentence-model.js';

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
 * Both models in one vector: the sentence model's beside the word model's, scaled so that the
 * dot product of two vectors is `sentenceWeight` x the sentences' cosine plus the rest x the
 * words' cosine (both halves are unit length). One vector per article keeps one vector index
 * and one column; the weight is part of the model's name, so changing it re-embeds every
 * article, the sentence halves read back from their cache (docs/decisions/0030).
 */
export function sentencesAndWords(
  sentences: SentenceModel,
  words: TextEmbedder,
  sentenceWeight: number,
): TextEmbedder {
  const sentenceScale = Math.sqrt(sentenceWeight);
  const wordScale = Math.sqrt(1 - sentenceWeight);
  const dimension = words.dimension + sentences.dimension;
  return {
    model: `${sentences.model}+${words.model}@${sentenceWeight}`,
    dimension,
    async embed(texts, purpose) {
      const [wordVectors, sentenceVectors] = await Promise.all([
        words.embed(texts, purpose),
        sentences.encode(texts.map(sentenceText), purpose),
      ]);
      return texts.map((_, index) => {
        const vector = new Float32Array(dimension);
        wordVectors[index]!.forEach((value, at) => (vector[at] = value * wordScale));
        sentenceVectors[index]!.forEach(
          (value, at) => (vector[words.dimension + at] = value * sentenceScale),
        );
        return vector;
      });
    },
  };
}

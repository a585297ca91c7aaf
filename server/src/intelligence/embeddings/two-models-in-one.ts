import type { TextEmbedder } from './embedder.js';

/**
 * Two embedders in one vector: the first's beside the second's, scaled so that the dot product
 * of two vectors is (1 - secondWeight) x the first's cosine plus secondWeight x the second's
 * (each half is unit length). One vector per article keeps one vector index and one column; the
 * weight is part of the model's name, so changing it re-embeds every article
 * (docs/decisions/0030).
 */
export function twoModelsInOne(
  first: TextEmbedder,
  second: TextEmbedder,
  secondWeight: number,
): TextEmbedder {
  const firstScale = Math.sqrt(1 - secondWeight);
  const secondScale = Math.sqrt(secondWeight);
  const dimension = first.dimension + second.dimension;
  return {
    model: `${second.model}+${first.model}@${secondWeight}`,
    dimension,
    async embed(texts, purpose) {
      const [firstVectors, secondVectors] = await Promise.all([
        first.embed(texts, purpose),
        second.embed(texts, purpose),
      ]);
      return texts.map((_, index) => {
        const vector = new Float32Array(dimension);
        firstVectors[index]!.forEach((value, at) => (vector[at] = value * firstScale));
        secondVectors[index]!.forEach(
          (value, at) => (vector[first.dimension + at] = value * secondScale),
        );
        return vector;
      });
    },
  };
}

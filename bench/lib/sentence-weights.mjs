// The offline model fusing sentences and words (server/src/intelligence/embeddings/sentences/)
// stores [sqrt(1 - s0) * words, sqrt(s0) * sentences] per article, s0 its sentence weight. A
// query or seed vector reweighed to s makes its dot product with those vectors
// (1 - s) * the words' cosine + s * the sentences' cosine: the bench tunes s without embedding
// the corpus again.

/** The weights the benches try, the shipped one among them. */
export const SENTENCE_WEIGHT_GRID = [0, 0.25, 0.5, 0.75, 1];

export function reweighed(vector, { wordDimension, shipped }, weight) {
  const out = new Float32Array(vector.length);
  for (let index = 0; index < vector.length; index += 1) {
    out[index] =
      index < wordDimension
        ? (vector[index] * (1 - weight)) / (1 - shipped)
        : (vector[index] * weight) / shipped;
  }
  return out;
}

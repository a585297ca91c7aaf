/** What turns texts into vectors: the offline model shipped with the product, or an API. */
export interface TextEmbedder {
  /** Stored with every vector, so vectors of two different models are never compared. */
  readonly model: string;
  readonly dimension: number;
  /**
   * One unit-length vector per text, in order. `purpose` lets a model treat a short query
   * differently from an article.
   */
  embed(texts: readonly string[], purpose: 'document' | 'query'): Promise<Float32Array[]>;
}

/** Cosine similarity of two unit-length vectors. */
export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < a.length; index += 1) sum += a[index]! * b[index]!;
  return sum;
}

export function normalise(vector: Float32Array): Float32Array {
  const length = Math.sqrt(dot(vector, vector));
  if (length > 0) for (let index = 0; index < vector.length; index += 1) vector[index]! /= length;
  return vector;
}

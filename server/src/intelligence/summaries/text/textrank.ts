/**
 * TextRank over TF-IDF sentence vectors: sentences are nodes, cosine similarity the edge weight,
 * and a (personalised) PageRank the centrality. Pure and O(n² · words) for n sentences.
 */

/** A sparse vector: term -> weight, with its norm. */
export interface SparseVector {
  weights: Map<string, number>;
  norm: number;
}

/** TF-IDF vectors of documents given as lists of terms; IDF is taken over these documents. */
export function tfidfVectors(documents: string[][]): SparseVector[] {
  const documentFrequency = new Map<string, number>();
  for (const terms of documents) {
    for (const term of new Set(terms)) {
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    }
  }
  const count = documents.length;
  return documents.map((terms) => {
    const frequency = new Map<string, number>();
    for (const term of terms) frequency.set(term, (frequency.get(term) ?? 0) + 1);
    const weights = new Map<string, number>();
    let squares = 0;
    for (const [term, tf] of frequency) {
      // Smoothed IDF; sublinear TF so one repeated word does not dominate a sentence.
      const idf = Math.log((1 + count) / (1 + (documentFrequency.get(term) ?? 0))) + 1;
      const weight = (1 + Math.log(tf)) * idf;
      weights.set(term, weight);
      squares += weight * weight;
    }
    return { weights, norm: Math.sqrt(squares) };
  });
}

export function cosine(a: SparseVector, b: SparseVector): number {
  if (a.norm === 0 || b.norm === 0) return 0;
  const [small, large] = a.weights.size <= b.weights.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, weight] of small.weights) {
    const other = large.weights.get(term);
    if (other !== undefined) dot += weight * other;
  }
  return dot / (a.norm * b.norm);
}

export interface RankOptions {
  damping?: number;
  iterations?: number;
  /** Where the random surfer jumps to (any non-negative weights; uniform when absent). */
  preference?: number[];
}

/** PageRank scores of the weighted, undirected similarity graph of the vectors. */
export function textRank(vectors: SparseVector[], options: RankOptions = {}): number[] {
  const { damping = 0.85, iterations = 50 } = options;
  const n = vectors.length;
  if (n === 0) return [];
  const similarity: number[][] = vectors.map(() => new Array<number>(n).fill(0));
  const outWeight = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const weight = cosine(vectors[i]!, vectors[j]!);
      if (weight > 0) {
        similarity[i]![j] = weight;
        similarity[j]![i] = weight;
        outWeight[i]! += weight;
        outWeight[j]! += weight;
      }
    }
  }
  const rawPreference = options.preference ?? new Array<number>(n).fill(1);
  const preferenceTotal = rawPreference.reduce((sum, value) => sum + Math.max(0, value), 0);
  const preference = rawPreference.map((value) =>
    preferenceTotal > 0 ? Math.max(0, value) / preferenceTotal : 1 / n,
  );

  let scores = new Array<number>(n).fill(1 / n);
  for (let iteration = 0; iteration < iterations; iteration++) {
    // Sentences with no neighbour hand their score back through the preference vector.
    let dangling = 0;
    for (let i = 0; i < n; i++) if (outWeight[i] === 0) dangling += scores[i]!;
    const next = preference.map((p) => (1 - damping + damping * dangling) * p);
    for (let j = 0; j < n; j++) {
      if (outWeight[j] === 0) continue;
      const share = (damping * scores[j]!) / outWeight[j]!;
      const row = similarity[j]!;
      for (let i = 0; i < n; i++) {
        const weight = row[i]!;
        if (weight > 0) next[i]! += share * weight;
      }
    }
    const change = next.reduce((sum, value, i) => sum + Math.abs(value - scores[i]!), 0);
    scores = next;
    if (change < 1e-6) break;
  }
  return scores;
}

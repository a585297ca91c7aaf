/**
 * The discover feed's score (docs/RANKING.md). Freshness scales everything, so an old article
 * sinks however relevant it is; relevance to the reader multiplies it up:
 *
 *   score = (FLOOR + (1 - FLOOR) * 0.5^(age / HALF_LIFE))
 *         * (1 + TOPIC * topicMatch + FOLLOWED * followed + SIMILAR * similarity + QUALITY * quality)
 *
 * similarity: how close the article is to what the reader bookmarked (0..1, cosine above a
 * baseline); quality: description, image, a real body and the source's following (0..1).
 */
export const SCORE_WEIGHTS = {
  halfLifeDays: 7,
  freshnessFloor: 0.15,
  topic: 0.6,
  followed: 0.9,
  similar: 1.5,
  quality: 0.5,
  /** Cosine similarity at or below this to the reader's bookmarks counts as unrelated. */
  similarityBaseline: 0.35,
} as const;

export interface ScoredCandidate {
  postId: number;
  sourceId: number;
  ageDays: number;
  topicMatch: boolean;
  followed: boolean;
  /** Cosine similarity to the reader's bookmark profile; null without one. */
  similarity: number | null;
  quality: number;
}

/** How fast an article's freshness halves, and the share of it that never fades. */
export interface FreshnessWeights {
  halfLifeDays: number;
  freshnessFloor: number;
}

export function freshness(
  ageDays: number,
  { freshnessFloor, halfLifeDays }: FreshnessWeights = SCORE_WEIGHTS,
): number {
  const decay = 0.5 ** (Math.max(ageDays, 0) / halfLifeDays);
  return freshnessFloor + (1 - freshnessFloor) * decay;
}

export function similarityBoost(similarity: number | null): number {
  if (similarity === null) return 0;
  const { similarityBaseline } = SCORE_WEIGHTS;
  return Math.max(0, similarity - similarityBaseline) / (1 - similarityBaseline);
}

/** How much the article matters to the reader, whatever its age (1 and up). */
export function relevance(candidate: ScoredCandidate): number {
  return (
    1 +
    SCORE_WEIGHTS.topic * Number(candidate.topicMatch) +
    SCORE_WEIGHTS.followed * Number(candidate.followed) +
    SCORE_WEIGHTS.similar * similarityBoost(candidate.similarity) +
    SCORE_WEIGHTS.quality * candidate.quality
  );
}

export function feedScore(candidate: ScoredCandidate): number {
  return freshness(candidate.ageDays) * relevance(candidate);
}

/** Most runs of one source in a row the feed allows. */
export const MAX_SAME_SOURCE_IN_A_ROW = 2;

/**
 * Orders candidates by score, best first, never showing more than MAX_SAME_SOURCE_IN_A_ROW
 * articles of one source in a row: when the best remaining article would make a longer run, the
 * best article of another source goes first (if no other source is left, the run continues).
 */
export function diversify<T extends { sourceId: number }>(
  candidates: readonly T[],
  score: (candidate: T) => number,
): T[] {
  const remaining = candidates
    .map((candidate) => ({ candidate, score: score(candidate) }))
    .sort((a, b) => b.score - a.score);
  const ordered: T[] = [];
  while (remaining.length > 0) {
    const last = ordered.slice(-MAX_SAME_SOURCE_IN_A_ROW);
    const runSource =
      last.length === MAX_SAME_SOURCE_IN_A_ROW &&
      last.every((item) => item.sourceId === last[0]!.sourceId)
        ? last[0]!.sourceId
        : null;
    let pick = remaining.findIndex(({ candidate }) => candidate.sourceId !== runSource);
    if (pick === -1) pick = 0;
    ordered.push(remaining.splice(pick, 1)[0]!.candidate);
  }
  return ordered;
}

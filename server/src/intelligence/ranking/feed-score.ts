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

/**
 * The source cap (docs/decisions/0036-steerable-feed.md): at most MAX_PER_SOURCE articles of one
 * source in any SOURCE_WINDOW cards in a row, so a blog that posts daily, or the one a reader
 * follows, leaves room for the others.
 */
export const SOURCE_CAP = { maxPerSource: 2, window: 12 } as const;

/**
 * Orders candidates by score, best first, keeping the source cap: when the best remaining article
 * would make a third of its source among the last SOURCE_WINDOW cards, the best article of a
 * source still under the cap goes first. When every remaining source is at the cap (a feed of one
 * or two blogs), the best remaining article goes anyway: the cap reorders, it never drops.
 * `placed` are the sources of cards already shown before these (newest last): the window starts
 * with them.
 */
export function diversify<T extends { sourceId: number }>(
  candidates: readonly T[],
  score: (candidate: T) => number,
  placed: readonly number[] = [],
): T[] {
  const { maxPerSource, window } = SOURCE_CAP;
  const remaining: (T | null)[] = candidates
    .map((candidate) => ({ candidate, score: score(candidate) }))
    .sort((a, b) => b.score - a.score)
    .map(({ candidate }) => candidate);
  const recent = placed.slice(-(window - 1));
  const inWindow = new Map<number, number>();
  for (const sourceId of recent) inWindow.set(sourceId, (inWindow.get(sourceId) ?? 0) + 1);
  const ordered: T[] = [];
  let first = 0;
  while (ordered.length < candidates.length) {
    while (remaining[first] === null) first += 1;
    let pick = first;
    for (let index = first; index < remaining.length; index += 1) {
      const candidate = remaining[index];
      if (candidate && (inWindow.get(candidate.sourceId) ?? 0) < maxPerSource) {
        pick = index;
        break;
      }
    }
    const chosen = remaining[pick]!;
    remaining[pick] = null;
    ordered.push(chosen);
    recent.push(chosen.sourceId);
    inWindow.set(chosen.sourceId, (inWindow.get(chosen.sourceId) ?? 0) + 1);
    if (recent.length === window) {
      const left = recent.shift()!;
      inWindow.set(left, inWindow.get(left)! - 1);
    }
  }
  return ordered;
}

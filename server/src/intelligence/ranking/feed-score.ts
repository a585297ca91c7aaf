import { SIMILAR_FUSION } from '../search/more-like-this.js';
import { CandidateQueue, type Found } from './candidate-queue.js';

/**
 * The discover feed's score (docs/RANKING.md). Freshness scales everything, so an old article
 * sinks however relevant it is; what pulls it towards the reader multiplies it up, what the reader
 * pushed away from divides it down:
 *
 *   score = (FLOOR + (1 - FLOOR) * 0.5^(age / HALF_LIFE)) * (1 + pulls) / (1 + pushes)
 *   pulls = TOPIC * topicMatch + FOLLOWED * followed + SIMILAR * similarity + QUALITY * quality
 *         + MORE_SIMILAR * towards + MORE_TOPIC * moreTopic + MORE_SOURCE * moreSource
 *   pushes = LESS_SIMILAR * away + LESS_TOPIC * lessTopic + LESS_SOURCE * lessSource
 *
 * similarity: how close the article is to what the reader bookmarked (0..1, cosine above a
 * baseline); quality: description, image, a real body and the source's following (0..1);
 * towards and away: how close it is to the articles the reader asked more and less of, and
 * moreTopic, lessTopic, moreSource, lessSource whether it shares a topic or its blog with one of
 * them (docs/decisions/0036-steerable-feed.md).
 */
export const SCORE_WEIGHTS = {
  halfLifeDays: 7,
  freshnessFloor: 0.15,
  topic: 0.6,
  followed: 0.9,
  similar: 1.5,
  quality: 0.5,
  moreSimilar: 1.5,
  moreTopic: 0.6,
  moreSource: 0.4,
  lessSimilar: 3,
  lessTopic: 1.5,
  lessSource: 0.6,
  /** Cosine similarity at or below this to the reader's bookmarks counts as unrelated. */
  similarityBaseline: 0.35,
} as const;

/** What the reader's "more like this" and "less like this" say of a candidate (decision 0036). */
export interface Steer {
  /** Cosine similarity to the articles the reader asked more of; null without any. */
  towards: number | null;
  /** Cosine similarity to the articles the reader asked less of; null without any. */
  away: number | null;
  /** A topic it shares with an article the reader asked more of, or null. */
  moreTopic: string | null;
  /** Whether it shares a topic with an article the reader asked less of. */
  lessTopic: boolean;
  /** Whether its blog is one the reader asked more of (or less of) an article of. */
  moreSource: boolean;
  lessSource: boolean;
}

/** A candidate of a reader who gave no feedback (and every visitor's). */
export const NO_STEER: Steer = {
  towards: null,
  away: null,
  moreTopic: null,
  lessTopic: false,
  moreSource: false,
  lessSource: false,
};

export interface ScoredCandidate {
  postId: number;
  sourceId: number;
  ageDays: number;
  /** The reader's topic the article has (their first that it has), or null. */
  topicMatch: string | null;
  followed: boolean;
  /** Cosine similarity to the reader's bookmark profile; null without one. */
  similarity: number | null;
  quality: number;
  steer: Steer;
}

/**
 * The reader's topic that pulls an article up (its `topicMatch`): the first of theirs it has,
 * unless they asked less of that topic on balance (decision 0036): a "less like this" on one
 * article of a topic the reader picked takes back the topic's pull, on top of its push, and the
 * articles stay in their feed (not a mute).
 */
export function pullingTopic(
  articleTopics: readonly string[],
  readerTopics: readonly string[],
  lessTopics: ReadonlySet<string>,
): string | null {
  return (
    articleTopics.find((topic) => readerTopics.includes(topic) && !lessTopics.has(topic)) ?? null
  );
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

/** 0..1: how far `similarity` is above `floor`, of the way to 1 (0 without a similarity). */
function closenessAbove(floor: number, similarity: number | null): number {
  return similarity === null ? 0 : Math.max(0, similarity - floor) / (1 - floor);
}

/** How like what the reader bookmarked a candidate is, 0..1. */
function similarityBoost(similarity: number | null): number {
  return closenessAbove(SCORE_WEIGHTS.similarityBaseline, similarity);
}

/**
 * How like the articles the reader asked more (or less) of a candidate is, 0..1: its closeness
 * above the floor of the product's own More like this list (SIMILAR_FUSION, chosen by
 * cross-validation on judged similar articles, docs/decisions/0033), so "like this" means the
 * same on a card's buttons as in that list (decision 0036).
 */
function likeThis(similarity: number | null): number {
  return closenessAbove(SIMILAR_FUSION.similarityFloor, similarity);
}

/** A signal that pulled a candidate up, and by how much (a term of `pulls`). */
export type Pull =
  | { signal: 'topic'; topic: string; amount: number }
  | { signal: 'followed'; amount: number }
  | { signal: 'saved'; amount: number }
  | { signal: 'quality'; amount: number }
  | { signal: 'more-similar'; amount: number }
  | { signal: 'more-topic'; topic: string; amount: number }
  | { signal: 'more-source'; amount: number };

/** The signals that pulled the candidate up, each with its share of the score (none at 0). */
export function pullsOf(candidate: ScoredCandidate): Pull[] {
  const { steer } = candidate;
  const pulls: Pull[] = [
    ...(candidate.topicMatch === null
      ? []
      : [{ signal: 'topic', topic: candidate.topicMatch, amount: SCORE_WEIGHTS.topic } as const]),
    { signal: 'followed', amount: SCORE_WEIGHTS.followed * Number(candidate.followed) },
    { signal: 'saved', amount: SCORE_WEIGHTS.similar * similarityBoost(candidate.similarity) },
    { signal: 'quality', amount: SCORE_WEIGHTS.quality * candidate.quality },
    { signal: 'more-similar', amount: SCORE_WEIGHTS.moreSimilar * likeThis(steer.towards) },
    ...(steer.moreTopic === null
      ? []
      : [
          {
            signal: 'more-topic',
            topic: steer.moreTopic,
            amount: SCORE_WEIGHTS.moreTopic,
          } as const,
        ]),
    { signal: 'more-source', amount: SCORE_WEIGHTS.moreSource * Number(steer.moreSource) },
  ];
  return pulls.filter((pull) => pull.amount > 0);
}

/** How far the reader's "less like this" pushes the candidate down (0: not at all). */
function pushes({ steer }: ScoredCandidate): number {
  return (
    SCORE_WEIGHTS.lessSimilar * likeThis(steer.away) +
    SCORE_WEIGHTS.lessTopic * Number(steer.lessTopic) +
    SCORE_WEIGHTS.lessSource * Number(steer.lessSource)
  );
}

/** How much the article matters to the reader, whatever its age (above 0; 1 when nothing counts). */
export function relevance(candidate: ScoredCandidate): number {
  const pulled = pullsOf(candidate).reduce((sum, pull) => sum + pull.amount, 0);
  return (1 + pulled) / (1 + pushes(candidate));
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
 * A topic the reader asked less of on balance (decision 0036) keeps at most half the places it has
 * in the same ranking without this cap: of the first `window` cards that ranking would show, half
 * its cards (rounded down, at least `minPerTopic`) in any `window` cards in a row. Pushing its
 * score down is not enough: freshness scales the score, so a pushed article of today still beat
 * the reader's other interests' articles of last week. Half, not a fixed count: a topic that filled
 * a reader's feed (their only topic) keeps half of it, where a fixed one in twelve would mute it.
 */
export const LESS_TOPIC_CAP = { share: 0.5, minPerTopic: 1, window: SOURCE_CAP.window } as const;

/**
 * The topics the reader asked less of that each candidate carries (decision 0036), for the topic
 * cap: `of` a candidate, and of each card already shown (`placed`, in the order of diversify's
 * `placed`).
 */
export interface LessTopics<T> {
  of: (candidate: T) => readonly string[];
  placed: readonly (readonly string[])[];
}

const NO_LESS_TOPICS: LessTopics<unknown> = { of: () => [], placed: [] };

/** The candidates, best first (those scoring alike in their given order). */
function byScore<T>(candidates: readonly T[], score: (candidate: T) => number): T[] {
  return candidates
    .map((candidate) => ({ candidate, score: score(candidate) }))
    .sort((a, b) => b.score - a.score)
    .map(({ candidate }) => candidate);
}

/** How many of each key (a blog, a topic asked less of) the last `size` cards hold. */
class CardWindow {
  private readonly recent: (readonly (number | string)[])[] = [];
  private readonly counts = new Map<number | string, number>();

  constructor(private readonly size: number) {}

  count(key: number | string): number {
    return this.counts.get(key) ?? 0;
  }

  push(keys: readonly (number | string)[]): void {
    this.recent.push(keys);
    for (const key of keys) this.counts.set(key, this.count(key) + 1);
    if (this.recent.length === this.size) {
      for (const key of this.recent.shift()!) this.counts.set(key, this.count(key) - 1);
    }
  }
}

/** diversify's order, and the reserve articles in it placed for the topic cap, not the source cap. */
export interface Diversified<T> {
  order: T[];
  forLessTopics: ReadonlySet<T>;
}

/**
 * How many cards each topic asked less of may hold in any window (LESS_TOPIC_CAP): half of its
 * cards among the first window of the same ranking without the topic cap.
 */
function lessTopicCaps<T extends { sourceId: number }>(
  uncapped: readonly T[],
  lessTopics: LessTopics<T>,
): (topic: string) => number {
  const counts = new Map<string, number>();
  for (const card of uncapped.slice(0, LESS_TOPIC_CAP.window)) {
    for (const topic of lessTopics.of(card)) counts.set(topic, (counts.get(topic) ?? 0) + 1);
  }
  return (topic) =>
    Math.max(
      LESS_TOPIC_CAP.minPerTopic,
      Math.floor((counts.get(topic) ?? 0) * LESS_TOPIC_CAP.share),
    );
}

/**
 * Orders candidates by score, best first, keeping the source cap: when the best remaining article
 * would make a third of its source among the last SOURCE_WINDOW cards, the best article of a
 * source still under the cap goes first, taken from `reserve` (articles from beyond the reader's
 * topics and follows, placed only to keep a cap) when no candidate's source is under it. When
 * neither has one (a feed of one or two blogs, the reserve spent), the best article of the source
 * with the fewest cards in the window goes: the cap reorders, it never drops a candidate. Reserve
 * articles not needed are left out. `placed` are the sources of cards already shown before these
 * (newest last): the window starts with them. The topics the reader asked less of
 * (`lessTopics`) are capped as well (LESS_TOPIC_CAP, half their places in the same order without
 * it): an article of such a topic over its cap goes when no other article under every cap is left,
 * from the candidates or the reserve, and before a blog's third card in the window.
 */
export function diversify<T extends { sourceId: number }>(
  candidates: readonly T[],
  score: (candidate: T) => number,
  placed: readonly number[] = [],
  reserve: readonly T[] = [],
  lessTopics: LessTopics<T> = NO_LESS_TOPICS,
): Diversified<T> {
  const { maxPerSource, window: size } = SOURCE_CAP;
  const asked = candidates.some((candidate) => lessTopics.of(candidate).length > 0);
  const capOf = asked
    ? lessTopicCaps(diversify(candidates, score, placed, reserve).order, lessTopics)
    : () => Infinity;
  const remaining = new CandidateQueue(byScore(candidates, score), lessTopics.of);
  const spare = new CandidateQueue(byScore(reserve, score), lessTopics.of);
  const window = new CardWindow(size);
  placed
    .map((sourceId, index) => [sourceId, ...(lessTopics.placed[index] ?? [])])
    .slice(-(size - 1))
    .forEach((keys) => window.push(keys));
  const underSourceCap = (sourceId: number) => window.count(sourceId) < maxPerSource;
  const underTopicCaps = (topics: readonly string[]) =>
    topics.every((topic) => window.count(topic) < capOf(topic));
  /** The first article of `queue` whose source has the fewest cards in the window. */
  const fewestInWindow = (queue: CandidateQueue<T>): Found<T> => {
    for (let most = 0; ; most += 1) {
      const found = queue.first((sourceId) => window.count(sourceId) <= most);
      if (found) return found;
    }
  };
  /** Where the next card comes from, in order of preference, and what it must keep. */
  const choices = [
    { queue: remaining, topicsFit: underTopicCaps },
    { queue: spare, topicsFit: underTopicCaps },
    { queue: remaining, topicsFit: undefined },
    { queue: spare, topicsFit: undefined },
  ];
  const order: T[] = [];
  const forLessTopics = new Set<T>();
  while (remaining.size > 0) {
    let queue = remaining;
    let found: Found<T> | null = null;
    for (const choice of choices) {
      queue = choice.queue;
      found = queue.first(underSourceCap, choice.topicsFit);
      if (found) break;
    }
    if (!found) {
      queue = remaining;
      found = fewestInWindow(remaining);
    }
    const chosen = queue.take(found);
    if (queue === spare && remaining.first(underSourceCap)) forLessTopics.add(chosen);
    order.push(chosen);
    window.push([chosen.sourceId, ...found.topics]);
  }
  return { order, forLessTopics };
}

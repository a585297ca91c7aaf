import { readerFeedback, type FeedbackGiven } from '../../db/article-feedback.js';
import { recentBookmarkIds } from '../../db/bookmarks.js';
import type { Db } from '../../db/db.js';
import { followedSourceIds } from '../../db/follows.js';
import { normalise } from '../embeddings/embedder.js';
import type { SemanticSearch } from '../search/hybrid-search.js';

/** Bookmarks that make up a reader's taste (the most recent ones). */
const PROFILE_BOOKMARKS = 50;
/** The newest feedbacks a reader's ranking steers by. */
const FEEDBACK_KEPT = 200;

/** What a reader's discover feed is ranked by, besides their topics. */
export interface ReaderSignals {
  follows: number[];
  /** The mean of their recent bookmarks' vectors; null without bookmarks or embeddings. */
  profile: Float32Array | null;
  steering: Steering;
}

/**
 * What the reader's "more like this" and "less like this" steer by (decision 0036): the mean
 * vector of each side, and the topics and blogs on balance asked more or less of.
 */
export interface Steering {
  towards: Float32Array | null;
  away: Float32Array | null;
  moreTopics: Set<string>;
  lessTopics: Set<string>;
  moreSources: Set<number>;
  lessSources: Set<number>;
}

/** The normalised sum of the articles' vectors; null when none has one. */
async function meanVector(
  semantic: SemanticSearch | null,
  postIds: readonly number[],
): Promise<Float32Array | null> {
  if (!semantic || postIds.length === 0) return null;
  await semantic.index.ready();
  const sum = new Float32Array(semantic.index.dimension);
  for (const vector of (await semantic.index.vectorsOf([...postIds])).values()) {
    for (let index = 0; index < sum.length; index += 1) sum[index]! += vector[index]!;
  }
  return sum.some((value) => value !== 0) ? normalise(sum) : null;
}

/** Each key's count of "more" minus its count of "less": on balance towards or away from it. */
function balance<Key>(
  feedback: readonly FeedbackGiven[],
  keysOf: (given: FeedbackGiven) => readonly Key[],
): { more: Set<Key>; less: Set<Key> } {
  const net = new Map<Key, number>();
  for (const given of feedback) {
    for (const key of keysOf(given)) {
      net.set(key, (net.get(key) ?? 0) + (given.feedback === 'more' ? 1 : -1));
    }
  }
  const keys = [...net.keys()];
  return {
    more: new Set(keys.filter((key) => net.get(key)! > 0)),
    less: new Set(keys.filter((key) => net.get(key)! < 0)),
  };
}

/** The reader's newest feedbacks: what their next ranking steers by. */
export function feedbackOf(db: Db, userId: number): Promise<FeedbackGiven[]> {
  return readerFeedback(db, userId, FEEDBACK_KEPT);
}

/** A short text that changes whenever the reader's feedback does: rankings are kept under it. */
export function feedbackKey(feedback: readonly FeedbackGiven[]): string {
  return feedback.map((given) => `${given.postId}${given.feedback === 'more' ? '+' : '-'}`).join();
}

async function steeringOf(
  feedback: readonly FeedbackGiven[],
  semantic: SemanticSearch | null,
): Promise<Steering> {
  const idsOf = (side: FeedbackGiven['feedback']) =>
    feedback.filter((given) => given.feedback === side).map((given) => given.postId);
  const [towards, away] = await Promise.all([
    meanVector(semantic, idsOf('more')),
    meanVector(semantic, idsOf('less')),
  ]);
  const topics = balance(feedback, (given) => given.topics);
  const sources = balance(feedback, (given) => [given.sourceId]);
  return {
    towards,
    away,
    moreTopics: topics.more,
    lessTopics: topics.less,
    moreSources: sources.more,
    lessSources: sources.less,
  };
}

/**
 * The reader's signals: follows and bookmarks made by `takenAt` (when the scroll began, so they
 * never reshuffle it), and `feedback`, which applies from the next page (decision 0036).
 */
export async function readerSignals(
  db: Db,
  userId: number,
  takenAt: number,
  feedback: readonly FeedbackGiven[],
  semantic: SemanticSearch | null,
): Promise<ReaderSignals> {
  const cutoff = new Date(takenAt);
  const [follows, bookmarks] = await Promise.all([
    followedSourceIds(db, userId, cutoff),
    recentBookmarkIds(db, userId, cutoff, PROFILE_BOOKMARKS),
  ]);
  const [profile, steering] = await Promise.all([
    meanVector(semantic, bookmarks),
    steeringOf(feedback, semantic),
  ]);
  return { follows, profile, steering };
}

/** A visitor's signals: none. */
export const NO_SIGNALS: ReaderSignals = {
  follows: [],
  profile: null,
  steering: {
    towards: null,
    away: null,
    moreTopics: new Set(),
    lessTopics: new Set(),
    moreSources: new Set(),
    lessSources: new Set(),
  },
};

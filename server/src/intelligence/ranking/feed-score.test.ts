import {
  diversify,
  feedScore,
  freshness,
  MAX_SAME_SOURCE_IN_A_ROW,
  type ScoredCandidate,
} from './feed-score.js';

const base: ScoredCandidate = {
  postId: 1,
  sourceId: 1,
  ageDays: 1,
  topicMatch: false,
  followed: false,
  similarity: null,
  quality: 0,
};

test('fresher articles score higher, and old ones keep a floor', () => {
  expect(freshness(0)).toBeCloseTo(1);
  expect(freshness(7)).toBeLessThan(freshness(1));
  expect(freshness(365)).toBeGreaterThan(0.1);
});

test("the reader's topics, followed sources and bookmark-like articles rank up", () => {
  const plain = feedScore(base);
  expect(feedScore({ ...base, topicMatch: true })).toBeGreaterThan(plain);
  expect(feedScore({ ...base, followed: true })).toBeGreaterThan(
    feedScore({ ...base, topicMatch: true }),
  );
  expect(feedScore({ ...base, similarity: 0.9 })).toBeGreaterThan(
    feedScore({ ...base, similarity: 0.2 }),
  );
  expect(feedScore({ ...base, similarity: 0.2 })).toBe(plain);
});

test('a followed article from last week still beats an unrelated one from today', () => {
  expect(feedScore({ ...base, followed: true, topicMatch: true, ageDays: 7 })).toBeGreaterThan(
    feedScore({ ...base, ageDays: 0 }),
  );
});

test(`never more than ${MAX_SAME_SOURCE_IN_A_ROW} articles of one source in a row while others remain`, () => {
  const candidates = [
    ...Array.from({ length: 8 }, (_, index) => ({ postId: index, sourceId: 1, score: 10 - index })),
    ...Array.from({ length: 3 }, (_, index) => ({
      postId: 20 + index,
      sourceId: 2,
      score: 1 - index / 10,
    })),
  ];
  const ordered = diversify(candidates, (candidate) => candidate.score).map(
    (item) => item.sourceId,
  );
  expect(ordered.slice(0, 9)).toEqual([1, 1, 2, 1, 1, 2, 1, 1, 2]);
  // Only source 1 is left: the run continues rather than dropping articles.
  expect(ordered).toHaveLength(11);
});

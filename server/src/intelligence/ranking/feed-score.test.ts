import { createHash } from 'node:crypto';
import { seededRandom } from '../embeddings/offline/linear-algebra.js';
import {
  diversify,
  feedScore,
  freshness,
  LESS_TOPIC_CAP,
  NO_STEER,
  pullingTopic,
  SOURCE_CAP,
  type ScoredCandidate,
} from './feed-score.js';

const base: ScoredCandidate = {
  postId: 1,
  sourceId: 1,
  ageDays: 1,
  topicMatch: null,
  followed: false,
  similarity: null,
  quality: 0,
  steer: NO_STEER,
};

test('fresher articles score higher, and old ones keep a floor', () => {
  expect(freshness(0)).toBeCloseTo(1);
  expect(freshness(7)).toBeLessThan(freshness(1));
  expect(freshness(365)).toBeGreaterThan(0.1);
});

test("the reader's topics, followed sources and bookmark-like articles rank up", () => {
  const plain = feedScore(base);
  expect(feedScore({ ...base, topicMatch: 'Databases' })).toBeGreaterThan(plain);
  expect(feedScore({ ...base, followed: true })).toBeGreaterThan(
    feedScore({ ...base, topicMatch: 'Databases' }),
  );
  expect(feedScore({ ...base, similarity: 0.9 })).toBeGreaterThan(
    feedScore({ ...base, similarity: 0.2 }),
  );
  expect(feedScore({ ...base, similarity: 0.2 })).toBe(plain);
});

test('more like this pulls an article up by meaning, topic and blog; less like this pushes it down', () => {
  const plain = feedScore(base);
  const steered = (steer: Partial<typeof NO_STEER>) =>
    feedScore({ ...base, steer: { ...NO_STEER, ...steer } });
  expect(steered({ towards: 0.9 })).toBeGreaterThan(plain);
  expect(steered({ moreTopic: 'Databases' })).toBeGreaterThan(plain);
  expect(steered({ moreSource: true })).toBeGreaterThan(plain);
  expect(steered({ away: 0.9 })).toBeLessThan(plain);
  expect(steered({ lessTopic: true })).toBeLessThan(plain);
  expect(steered({ lessSource: true })).toBeLessThan(plain);
  // Pushed down, never out: a score stays above zero.
  expect(steered({ away: 1, lessTopic: true, lessSource: true })).toBeGreaterThan(0);
});

test('a topic the reader asked less of no longer pulls, though it is one of theirs; their other topics still do', () => {
  const readerTopics = ['Databases', 'Frontend'];
  expect(pullingTopic(['Databases'], readerTopics, new Set())).toBe('Databases');
  expect(pullingTopic(['Databases'], readerTopics, new Set(['Databases']))).toBeNull();
  expect(pullingTopic(['Databases', 'Frontend'], readerTopics, new Set(['Databases']))).toBe(
    'Frontend',
  );
});

test('a candidate a little like what the reader asked less of is pushed a little, one much like it far', () => {
  const away = (similarity: number) =>
    feedScore({ ...base, steer: { ...NO_STEER, away: similarity } });
  // As like it as the least like article the More like this list admits: no push.
  expect(away(0.2)).toBe(feedScore(base));
  expect(away(0.3)).toBeLessThan(feedScore(base));
  expect(away(0.6)).toBeLessThan(away(0.3));
});

test('a followed article from last week still beats an unrelated one from today', () => {
  expect(
    feedScore({ ...base, followed: true, topicMatch: 'Databases', ageDays: 7 }),
  ).toBeGreaterThan(feedScore({ ...base, ageDays: 0 }));
});

const scored = (postId: number, sourceId: number, score: number) => ({ postId, sourceId, score });

test(`never more than ${SOURCE_CAP.maxPerSource} articles of one source in any ${SOURCE_CAP.window} while others remain`, () => {
  // A blog posting daily that scores best, and twenty blogs with one article each.
  const candidates = [
    ...Array.from({ length: 20 }, (_, index) => scored(index, 1, 10 - index / 100)),
    ...Array.from({ length: 20 }, (_, index) => scored(100 + index, 2 + index, 1 - index / 100)),
  ];
  const { order: ordered } = diversify(candidates, (candidate) => candidate.score);
  const sources = ordered.map((item) => item.sourceId);
  // Where the daily blog's articles go among the first 24 cards: two at the top of each 12.
  const dailyAt = sources.slice(0, 24).flatMap((source, index) => (source === 1 ? [index] : []));
  expect(dailyAt).toEqual([0, 1, 12, 13]);
  // Only the daily blog is left at the end: its articles follow rather than being dropped.
  expect(ordered).toHaveLength(40);
});

test('the window starts with the cards already shown', () => {
  const candidates = [scored(1, 1, 10), scored(2, 2, 1)];
  const { order: ordered } = diversify(candidates, (candidate) => candidate.score, [1, 1]);
  expect(ordered.map((item) => item.postId)).toEqual([2, 1]);
});

test('when every source left is at the cap, the one with the fewest cards in the window goes', () => {
  // Blog 1 scores best throughout; blog 2 has four articles, blog 3 two. Once blog 3 is spent,
  // blogs 1 and 2 take turns rather than blog 1 filling the feed.
  const candidates = [
    ...Array.from({ length: 4 }, (_, index) => scored(index, 1, 10 - index)),
    ...Array.from({ length: 4 }, (_, index) => scored(10 + index, 2, 5 - index)),
    scored(20, 3, 1),
    scored(21, 3, 0.5),
  ];
  const { order: ordered } = diversify(candidates, (candidate) => candidate.score);
  expect(ordered.map((item) => item.sourceId)).toEqual([1, 1, 2, 2, 3, 3, 1, 2, 1, 2]);
});

test('articles from the reserve keep the cap, and only those needed are placed', () => {
  // A reader's feed of one followed blog, and other blogs' articles in reserve.
  const followed = Array.from({ length: 4 }, (_, index) => scored(index, 1, 10 - index));
  const reserve = Array.from({ length: 30 }, (_, index) => scored(100 + index, 2 + index, 1));
  const { order: ordered } = diversify(followed, (candidate) => candidate.score, [], reserve);
  expect(ordered.map((item) => item.sourceId).slice(0, 14)).toEqual([
    1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 1,
  ]);
  expect(ordered).toHaveLength(14);
});

/** A candidate about `topic`, of its own blog. */
const about = (postId: number, topic: string, score: number) => ({
  ...scored(postId, postId, score),
  topic,
});
const lessOf =
  (topic: string) =>
  (candidate: { topic: string }): string[] =>
    candidate.topic === topic ? [topic] : [];

/** How many of any `size` cards in a row are about `topic`, at most. */
const mostInAnyWindow = (ordered: readonly { topic?: string }[], topic: string, size: number) =>
  Math.max(
    ...ordered.map(
      (_, start) =>
        ordered.slice(start, start + size).filter((item) => item.topic === topic).length,
    ),
  );

test(`a topic the reader asked less of keeps half its places of the ranking without the cap while others remain, and none of its articles is dropped`, () => {
  // Security scores best throughout (today's articles), Frontend less (last week's): without the
  // cap, Security takes 10 of the first 12 cards.
  const candidates = [
    ...Array.from({ length: 10 }, (_, index) => about(index, 'Security', 10 - index / 100)),
    ...Array.from({ length: 30 }, (_, index) => about(100 + index, 'Frontend', 1 - index / 100)),
  ];
  const { order: ordered } = diversify(candidates, (candidate) => candidate.score, [], [], {
    of: lessOf('Security'),
    placed: [],
  });
  const cap = 10 * LESS_TOPIC_CAP.share;
  expect(ordered.slice(0, 12).filter((item) => item.topic === 'Security')).toHaveLength(cap);
  expect(mostInAnyWindow(ordered.slice(0, 30), 'Security', LESS_TOPIC_CAP.window)).toBe(cap);
  // A reorder, not a mute: every Security article is still there.
  expect(ordered).toHaveLength(40);
});

test("a topic that fills a reader's feed keeps half of it, the reserve taking the rest, each card saying why", () => {
  // A reader of one topic asks less of it: their candidates are all Security.
  const security = Array.from({ length: 30 }, (_, index) => about(index, 'Security', 10 - index));
  const reserve = Array.from({ length: 30 }, (_, index) => about(100 + index, 'Databases', 1));
  const { order, forLessTopics } = diversify(
    security,
    (candidate) => candidate.score,
    [],
    reserve,
    { of: lessOf('Security'), placed: [] },
  );
  const firstPage = order.slice(0, LESS_TOPIC_CAP.window);
  expect(firstPage.filter((item) => item.topic === 'Security')).toHaveLength(
    LESS_TOPIC_CAP.window * LESS_TOPIC_CAP.share,
  );
  const fromReserve = firstPage.filter((item) => item.topic === 'Databases');
  expect(fromReserve.every((item) => forLessTopics.has(item))).toBe(true);
  expect(security.every((item) => order.includes(item))).toBe(true);
});

test('a topic over its cap waits for the reserve before it gives way', () => {
  // Two Frontend articles of one blog and four Security ones: once Frontend is at the source
  // cap, reserve articles come before a third Security card.
  const security = Array.from({ length: 4 }, (_, index) => about(index, 'Security', 10 - index));
  const frontend = Array.from({ length: 2 }, (_, index) => ({
    ...scored(100 + index, 50, 5 - index),
    topic: 'Frontend',
  }));
  const reserve = Array.from({ length: 10 }, (_, index) => about(200 + index, 'Mobile', 0.5));
  const { order } = diversify(
    [...security, ...frontend],
    (candidate) => candidate.score,
    [],
    reserve,
    {
      of: lessOf('Security'),
      placed: [],
    },
  );
  expect(order.slice(0, 6).map((item) => item.topic)).toEqual([
    'Security',
    'Security',
    'Frontend',
    'Frontend',
    'Mobile',
    'Mobile',
  ]);
  // Without the reserve the same topic gives way rather than leaving the feed short.
  const { order: alone } = diversify(
    [...security, ...frontend],
    (candidate) => candidate.score,
    [],
    [],
    {
      of: lessOf('Security'),
      placed: [],
    },
  );
  expect(alone.map((item) => item.topic)).toEqual([
    'Security',
    'Security',
    'Frontend',
    'Frontend',
    'Security',
    'Security',
  ]);
});

test('the topic cap counts the cards already shown, and lifts when the topic is no longer asked less of', () => {
  const candidates = [about(1, 'Security', 10), about(2, 'Frontend', 1)];
  const order = (lessTopics: string[][]) =>
    diversify(candidates, (candidate) => candidate.score, [7], [], {
      of: lessOf('Security'),
      placed: lessTopics,
    }).order.map((item) => item.postId);
  // The last card shown was about Security: the next Security card waits.
  expect(order([['Security']])).toEqual([2, 1]);
  expect(order([[]])).toEqual([1, 2]);
  expect(
    diversify(candidates, (candidate) => candidate.score).order.map((item) => item.postId),
  ).toEqual([1, 2]);
});

test('a topic asked less of gives way to the source cap: it is placed before a blog takes a third card', () => {
  // Frontend comes from one blog only; Security from blogs of their own.
  const frontend = Array.from({ length: 6 }, (_, index) => ({
    ...scored(100 + index, 50, 1 - index / 100),
    topic: 'Frontend',
  }));
  const security = Array.from({ length: 6 }, (_, index) => about(index, 'Security', 10 - index));
  const { order: ordered } = diversify(
    [...security, ...frontend],
    (candidate) => candidate.score,
    [],
    [],
    {
      of: lessOf('Security'),
      placed: [],
    },
  );
  // Without the cap Security takes the first six: half of them first, then Frontend to its
  // blog's cap, then Security again rather than a third Frontend card.
  expect(ordered.slice(0, 6).map((item) => item.topic)).toEqual([
    'Security',
    'Security',
    'Security',
    'Frontend',
    'Frontend',
    'Security',
  ]);
});

/**
 * A long ranking drawn at random (seeded): `blogs` blogs, scores with ties (two decimals), topics
 * from three, a reserve of other blogs and cards already shown.
 */
function longRanking(seed: number, size: number, blogs: number) {
  const random = seededRandom(seed);
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
  const topicSets = [[], ['Security'], ['Frontend'], ['Security', 'Frontend'], ['Databases']];
  const card = (postId: number, sourceId: number) => ({
    ...scored(postId, sourceId, Math.round(random() * 100) / 100),
    topics: pick(topicSets) as readonly string[],
  });
  return {
    candidates: Array.from({ length: size }, (_, index) =>
      card(index, 1 + Math.floor(random() * blogs)),
    ),
    reserve: Array.from({ length: 300 }, (_, index) =>
      card(10_000 + index, 1_000 + Math.floor(random() * 60)),
    ),
    placed: Array.from({ length: 5 }, () => 1 + Math.floor(random() * blogs)),
    placedTopics: Array.from({ length: 5 }, () => pick(topicSets) as readonly string[]),
  };
}

/** The order diversify gives, as a short digest of the ids (and of those placed for the topic cap). */
function digestOf(ranking: ReturnType<typeof longRanking>, lessTopics: readonly string[]): string {
  const less = (topics: readonly string[]) => topics.filter((topic) => lessTopics.includes(topic));
  const { order, forLessTopics } = diversify(
    ranking.candidates,
    (candidate) => candidate.score,
    ranking.placed,
    ranking.reserve,
    { of: (candidate) => less(candidate.topics), placed: ranking.placedTopics.map(less) },
  );
  const ids = order.map((item) => item.postId).join(',');
  const placedForTopics = [...forLessTopics].map((item) => item.postId).join(',');
  return createHash('sha256').update(`${ids};${placedForTopics}`).digest('hex').slice(0, 16);
}

test.each([
  ['300 blogs', 1, 300, [], '5e580449f6edc51a'],
  ['three blogs, the reserve placed', 2, 3, [], '576b576a0f9df6cc'],
  ['40 blogs, a topic asked less of', 3, 40, ['Security'], 'df9cbcec97613016'],
  ['three blogs, two topics asked less of', 4, 3, ['Security', 'Databases'], '7ecd8be65e8e4bbc'],
])(
  'a long ranking (2,000 cards, %s) keeps the order the scan of the whole list per card gave',
  (_, seed, blogs, lessTopics, digest) => {
    expect(digestOf(longRanking(seed, 2000, blogs), lessTopics)).toBe(digest);
  },
);

import type { Article } from '@blogstream/shared/contract';
import type { FeedbackGiven } from '../../db/article-feedback.js';
import { articlesInOrder } from '../../db/articles.js';
import type { Db } from '../../db/db.js';
import {
  discoverPageAfterPool,
  discoverPool,
  discoverReserve,
  type PoolArticle,
  type PoolAudience,
} from '../../db/discover-pool.js';
import { feedFilterKey } from '../../db/feed-query.js';
import { readerRankingInputs } from '../../db/reader-ranking-inputs.js';
import type { FeedPage } from '../../db/feeds.js';
import { firstOfEachStory } from '../../db/stories.js';
import type { SemanticSearch } from '../search/hybrid-search.js';
import { RankingCache } from '../search/ranking-cache.js';
import {
  diversify,
  feedScore,
  pullingTopic,
  relevance,
  type ScoredCandidate,
  type Steer,
} from './feed-score.js';
import {
  feedbackKey,
  feedbackOf,
  NO_SIGNALS,
  readerSignals,
  type ReaderSignals,
  type Steering,
} from './reader-signals.js';
import { whyInWords, whyReasons, type ReservePlacement, type WhyReason } from './why-this.js';

/** The newest articles a ranking considers; deeper pages continue newest first. */
export const RANKED_POOL = 1500;
/**
 * The newest articles from beyond a reader's topics and follows that their home feed's source cap
 * may place when their own hold too few blogs (decision 0036).
 */
const CAP_RESERVE = 300;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** About what a ranked card holds in memory (its ids, topics and reasons; measured: 350 bytes). */
const CARD_BYTES = 350;

export interface DiscoverAudience {
  /** Null: a visitor (the global feed). */
  userId: number | null;
  /** Only articles in these topics (plus followed sources); empty: no topic filter. */
  topics: readonly string[];
  /**
   * A reader's home feed: when their topics and follows hold too few blogs for the source cap,
   * it places articles from beyond them rather than a third of one blog in twelve (decision 0036).
   */
  home?: boolean;
}

/**
 * One card of a ranked pool: its article, blog, topics (the topic cap counts the cards shown) and
 * why it is there (a reader's only).
 */
interface RankedCard {
  postId: number;
  sourceId: number;
  topics: readonly string[];
  why: WhyReason[];
}

/**
 * A ranked pool, whether the audience has articles beyond it, the follows it was drawn with
 * (deeper pages continue under them) and the reader's feedback it was ranked with (feedbackKey).
 */
interface RankedPool {
  cards: RankedCard[];
  full: boolean;
  follows: number[];
  feedback: string;
}

/** The pool's audience: a visitor's has no follows. */
function poolAudience(
  audience: DiscoverAudience,
  follows: readonly number[],
  page: FeedPage,
): PoolAudience {
  return {
    topics: audience.topics,
    follows: audience.userId === null ? [] : follows,
    filter: page.filter ?? {},
  };
}

/** 0..1: a description, an image, a real body and a followed source make a better card. */
function quality(row: PoolArticle, mostFollowers: number): number {
  const popularity = mostFollowers > 0 ? Math.log1p(row.followers) / Math.log1p(mostFollowers) : 0;
  return (
    0.3 * Number(row.has_description) +
    0.2 * Number(row.has_image) +
    0.2 * Number(row.has_body) +
    0.3 * popularity
  );
}

/** What the reader's feedback says of a pool article (decision 0036). */
function steerOf(
  row: PoolArticle,
  steering: Steering,
  closeness: { towards: Map<number, number>; away: Map<number, number> },
): Steer {
  const postId = Number(row.post_id);
  const topics = row.topics ?? [];
  return {
    towards: closeness.towards.get(postId) ?? null,
    away: closeness.away.get(postId) ?? null,
    moreTopic: topics.find((topic) => steering.moreTopics.has(topic)) ?? null,
    lessTopic: topics.some((topic) => steering.lessTopics.has(topic)),
    moreSource: steering.moreSources.has(Number(row.source_id)),
    lessSource: steering.lessSources.has(Number(row.source_id)),
  };
}

/** Cosine similarity of each pool article to `vector` (none without one). */
async function similaritiesTo(
  semantic: SemanticSearch | null,
  vector: Float32Array | null,
  postIds: number[],
): Promise<Map<number, number>> {
  return vector && semantic ? semantic.index.similarities(vector, postIds) : new Map();
}

/**
 * Ranks the audience's pool. `shown`: the cards of this scroll already shown (when the reader's
 * feedback changed since its ranking): they keep their places, and the rest is ranked after them
 * with the new feedback, the source cap's window starting with them.
 */
async function rankPool(
  db: Db,
  audience: DiscoverAudience,
  page: FeedPage,
  semantic: SemanticSearch | null,
  feedback: readonly FeedbackGiven[],
  shown: readonly RankedCard[] = [],
): Promise<RankedPool> {
  const signals: ReaderSignals =
    audience.userId === null
      ? NO_SIGNALS
      : await readerSignals(db, audience.userId, page.takenAt, feedback, semantic);
  const audienceOfPool = poolAudience(audience, signals.follows, page);
  const reader = { userId: audience.userId, readBefore: page.takenAt };
  const [pool, reserve] = await Promise.all([
    discoverPool(db, audienceOfPool, reader, page.snapshot, RANKED_POOL),
    audience.home && audience.userId !== null
      ? discoverReserve(db, audienceOfPool, reader, page.snapshot, CAP_RESERVE)
      : [],
  ]);
  // Scored against the moment the scroll began, so every page of it sees the same order.
  const now = page.takenAt;
  const mostFollowers = Math.max(0, ...pool.map((row) => row.followers));
  const postIds = [...pool, ...reserve].map((row) => Number(row.post_id));
  const { steering } = signals;
  const [similarities, towards, away] = await Promise.all([
    similaritiesTo(semantic, signals.profile, postIds),
    similaritiesTo(semantic, steering.towards, postIds),
    similaritiesTo(semantic, steering.away, postIds),
  ]);
  const candidateOf = (row: PoolArticle): ScoredCandidate => {
    const postId = Number(row.post_id);
    return {
      postId,
      sourceId: Number(row.source_id),
      ageDays:
        row.publishing_date === null ? 0 : (now - new Date(row.publishing_date).getTime()) / DAY_MS,
      topicMatch: pullingTopic(row.topics ?? [], audience.topics, steering.lessTopics),
      followed: row.followed,
      similarity: similarities.get(postId) ?? null,
      quality: quality(row, mostFollowers),
      steer: steerOf(row, steering, { towards, away }),
    };
  };
  const shownIds = new Set(shown.map((card) => card.postId));
  const unshown = (row: PoolArticle) => !shownIds.has(Number(row.post_id));
  const dated: ScoredCandidate[] = [];
  const undated: ScoredCandidate[] = [];
  for (const row of pool.filter(unshown)) {
    (row.publishing_date === null ? undated : dated).push(candidateOf(row));
  }
  const spare = reserve.filter(unshown).map(candidateOf);
  const reserveIds = new Set(spare.map((candidate) => candidate.postId));
  const topicsOf = new Map(
    [...pool, ...reserve].map((row) => [Number(row.post_id), row.topics ?? []] as const),
  );
  const lessOf = (topics: readonly string[]) =>
    topics.filter((topic) => steering.lessTopics.has(topic));
  const lessTopics = {
    of: (candidate: ScoredCandidate) => lessOf(topicsOf.get(candidate.postId) ?? []),
    placed: shown.map((card) => lessOf(card.topics)),
  };
  // An article whose age is unknown is ranked as old: after every dated one.
  const placed = shown.map((card) => card.sourceId);
  const { order: datedOrder, forLessTopics } = diversify(
    dated,
    feedScore,
    placed,
    spare,
    lessTopics,
  );
  const ranked = [
    ...datedOrder,
    ...diversify(undated, relevance, [], [], { ...lessTopics, placed: [] }).order,
  ];
  const placedBy = (candidate: ScoredCandidate): ReservePlacement | null => {
    if (!reserveIds.has(candidate.postId)) return null;
    return forLessTopics.has(candidate) ? 'less-topic-cap' : 'source-cap';
  };
  const storyOf = new Map(
    [...pool, ...reserve].flatMap((row) =>
      row.story_id === null ? [] : [[Number(row.post_id), Number(row.story_id)] as const],
    ),
  );
  const kept = new Set(
    firstOfEachStory(
      ranked.map((candidate) => candidate.postId),
      storyOf,
    ),
  );
  const cards = ranked
    .filter((candidate) => kept.has(candidate.postId))
    .map((candidate) => ({
      postId: candidate.postId,
      sourceId: candidate.sourceId,
      topics: topicsOf.get(candidate.postId) ?? [],
      why: audience.userId === null ? [] : whyReasons(candidate, placedBy(candidate)),
    }));
  return {
    cards: [...shown, ...cards],
    full: pool.length === RANKED_POOL,
    follows: signals.follows,
    feedback: feedbackKey(feedback),
  };
}

/**
 * The rankings a process keeps: 500 at most and about 64 MB of cards (a ranking of the whole
 * pool, 1,500 cards, is about 0.5 MB; one kept for a scroll and for the reader's next scroll
 * counts twice), least recently used first, each for an hour at most (docs/DEPLOYMENT.md).
 */
const RANKINGS_KEPT = {
  max: 500,
  ttlMs: HOUR_MS,
  maxBytes: 64 * 1024 * 1024,
  bytesOf: (ranked: RankedPool) => (ranked.cards.length + 1) * CARD_BYTES,
};

export interface DiscoverFeedRanker {
  page(audience: DiscoverAudience, page: FeedPage): Promise<Article[]>;
}

/** The cards' articles in their order; a reader's say why each is there (decision 0036). */
async function articlesOfCards(
  db: Db,
  cards: readonly RankedCard[],
  userId: number | null,
): Promise<Article[]> {
  const articles = await articlesInOrder(
    db,
    cards.map((card) => card.postId),
    userId,
  );
  if (userId === null) return articles;
  const whyOf = new Map(cards.map((card) => [card.postId, card.why]));
  return articles.map((article) => ({
    ...article,
    why: whyInWords(whyOf.get(article.post_id) ?? [], article),
  }));
}

/** The page's cards of `ranked`, then the audience's articles past the pool when it is full. */
async function pageOf(
  db: Db,
  ranked: RankedPool,
  audience: DiscoverAudience,
  page: FeedPage,
): Promise<Article[]> {
  const fromPool = ranked.cards.slice(page.offset, page.offset + page.limit);
  const articles = await articlesOfCards(db, fromPool, audience.userId);
  if (!ranked.full || fromPool.length === page.limit) return articles;
  const rest = await discoverPageAfterPool(
    db,
    poolAudience(audience, ranked.follows, page),
    audience.userId,
    {
      ...page,
      // The pool's cards may hold stories told once and reserve articles: the audience's
      // articles past the pool start where its cards end.
      offset: RANKED_POOL + Math.max(0, page.offset - ranked.cards.length),
      limit: page.limit - fromPool.length,
    },
  );
  return [...articles, ...rest];
}

/**
 * The discover feed, ranked (docs/RANKING.md): the newest RANKED_POOL articles of the audience
 * (their topics and followed sources, or everything) ordered by feedScore under the source cap;
 * pages past the pool continue newest first. A scroll's pages share its snapshot, so each is cut
 * from the same ranked list, which is kept for a while per reader and snapshot. When the reader's
 * "more like this" or "less like this" changed since (decision 0036), the pages already shown keep
 * their cards and the rest is ranked again with it: feedback applies from the next page.
 */
export function discoverFeedRanker(
  db: Db,
  semantic: () => Promise<SemanticSearch | null>,
): DiscoverFeedRanker {
  const cache = new RankingCache<RankedPool>(RANKINGS_KEPT);
  return {
    async page(audience, page) {
      const hour = Math.floor(page.takenAt / HOUR_MS);
      const { userId } = audience;
      const key = [
        userId ?? 'visitor',
        audience.home ? 'home' : 'topics',
        audience.topics.join('|'),
        feedFilterKey(page.filter),
        page.snapshot,
        hour,
      ].join(':');
      const feedback = userId === null ? [] : await feedbackOf(db, userId);
      // A visitor's feed needs no embeddings: it is answered without waiting for the model.
      const model = async () => (userId === null ? null : await semantic());
      const rank = async () => rankPool(db, audience, page, await model(), feedback);
      if (userId === null) return pageOf(db, await cache.get(key, rank), audience, page);
      // A reader's scroll keeps the ranking its first page used. A first page takes the ranking
      // of the reader's last scroll in the hour when nothing it reads has changed since (their
      // mutes, follows, bookmarks, read marks under Hide read, the articles, the model's vectors;
      // their feedback below), so a new scroll alone does not rank again (decision 0035, "Since").
      const scrollKey = `${key}:${page.takenAt}`;
      const firstPage = page.offset === 0;
      const keptKey = firstPage
        ? `${key}:${await readerRankingInputs(db, userId)}:${(await model())?.index.version ?? 'none'}`
        : scrollKey;
      let ranked = await cache.forScroll(scrollKey, firstPage, keptKey, rank);
      if (ranked.feedback !== feedbackKey(feedback)) {
        const shown = ranked.cards.slice(0, page.offset);
        ranked = await rankPool(db, audience, page, await model(), feedback, shown);
        cache.set(scrollKey, ranked);
        if (firstPage) cache.set(keptKey, ranked);
      }
      return pageOf(db, ranked, audience, page);
    },
  };
}

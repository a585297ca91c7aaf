import type { Article } from '@blogstream/shared/contract';
import { articlesInOrder } from '../../db/articles.js';
import { recentBookmarkIds } from '../../db/bookmarks.js';
import type { Db } from '../../db/db.js';
import {
  discoverPageAfterPool,
  discoverPool,
  type PoolArticle,
  type PoolAudience,
} from '../../db/discover-pool.js';
import { feedFilterKey } from '../../db/feed-query.js';
import type { FeedPage } from '../../db/feeds.js';
import { followedSourceIds } from '../../db/follows.js';
import { firstOfEachStory } from '../../db/stories.js';
import { normalise } from '../embeddings/embedder.js';
import type { SemanticSearch } from '../search/hybrid-search.js';
import { RankingCache } from '../search/ranking-cache.js';
import { diversify, feedScore, relevance, type ScoredCandidate } from './feed-score.js';

/** The newest articles a ranking considers; deeper pages continue newest first. */
export const RANKED_POOL = 1500;
/** Bookmarks that make up a reader's taste (the most recent ones). */
const PROFILE_BOOKMARKS = 50;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export interface DiscoverAudience {
  /** Null: a visitor (the global feed). */
  userId: number | null;
  /** Only articles in these topics (plus followed sources); empty: no topic filter. */
  topics: readonly string[];
}

interface ReaderSignals {
  follows: number[];
  profile: Float32Array | null;
}

/** A ranked pool and the follows it was drawn with (deeper pages continue under them). */
interface RankedPool {
  ids: number[];
  follows: number[];
}

async function readerSignals(
  db: Db,
  userId: number,
  takenAt: number,
  semantic: SemanticSearch | null,
): Promise<ReaderSignals> {
  const cutoff = new Date(takenAt);
  const [follows, bookmarks] = await Promise.all([
    followedSourceIds(db, userId, cutoff),
    recentBookmarkIds(db, userId, cutoff, PROFILE_BOOKMARKS),
  ]);
  let profile: Float32Array | null = null;
  if (semantic && bookmarks.length > 0) {
    await semantic.index.ready();
    const sum = new Float32Array(semantic.index.dimension);
    for (const vector of (await semantic.index.vectorsOf(bookmarks)).values()) {
      for (let index = 0; index < sum.length; index += 1) sum[index]! += vector[index]!;
    }
    if (sum.some((value) => value !== 0)) profile = normalise(sum);
  }
  return { follows, profile };
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

async function rankPool(
  db: Db,
  audience: DiscoverAudience,
  page: FeedPage,
  semantic: SemanticSearch | null,
): Promise<RankedPool> {
  const signals =
    audience.userId === null
      ? { follows: [], profile: null }
      : await readerSignals(db, audience.userId, page.takenAt, semantic);
  const pool = await discoverPool(
    db,
    poolAudience(audience, signals.follows, page),
    { userId: audience.userId, readBefore: page.takenAt },
    page.snapshot,
    RANKED_POOL,
  );
  // Scored against the moment the scroll began, so every page of it sees the same order.
  const now = page.takenAt;
  const mostFollowers = Math.max(0, ...pool.map((row) => row.followers));
  const similarities =
    signals.profile && semantic
      ? await semantic.index.similarities(
          signals.profile,
          pool.map((row) => Number(row.post_id)),
        )
      : new Map<number, number>();
  const dated: ScoredCandidate[] = [];
  const undated: ScoredCandidate[] = [];
  for (const row of pool) {
    const postId = Number(row.post_id);
    const candidate = {
      postId,
      sourceId: Number(row.source_id),
      ageDays:
        row.publishing_date === null ? 0 : (now - new Date(row.publishing_date).getTime()) / DAY_MS,
      topicMatch: row.topic_match,
      followed: row.followed,
      similarity: similarities.get(postId) ?? null,
      quality: quality(row, mostFollowers),
    };
    (row.publishing_date === null ? undated : dated).push(candidate);
  }
  // An article whose age is unknown is ranked as old: after every dated one.
  const ranked = [...diversify(dated, feedScore), ...diversify(undated, relevance)].map(
    (candidate) => candidate.postId,
  );
  const storyOf = new Map(
    pool.flatMap((row) =>
      row.story_id === null ? [] : [[Number(row.post_id), Number(row.story_id)] as const],
    ),
  );
  return { ids: firstOfEachStory(ranked, storyOf), follows: signals.follows };
}

export interface DiscoverFeedRanker {
  page(audience: DiscoverAudience, page: FeedPage): Promise<Article[]>;
}

/**
 * The discover feed, ranked (docs/RANKING.md): the newest RANKED_POOL articles of the audience
 * (their topics and followed sources, or everything) ordered by feedScore with source diversity;
 * pages past the pool continue newest first. A scroll's pages share its snapshot, so each is cut
 * from the same ranked list, which is kept for a while per reader and snapshot.
 */
export function discoverFeedRanker(
  db: Db,
  semantic: () => Promise<SemanticSearch | null>,
): DiscoverFeedRanker {
  const cache = new RankingCache<RankedPool>({ max: 500, ttlMs: HOUR_MS });
  return {
    async page(audience, page) {
      const hour = Math.floor(page.takenAt / HOUR_MS);
      const key = [
        audience.userId ?? 'visitor',
        audience.topics.join('|'),
        feedFilterKey(page.filter),
        page.snapshot,
        hour,
      ]
        .concat(audience.userId === null ? [] : [page.takenAt])
        .join(':');
      // A visitor's feed needs no embeddings: it is answered without waiting for the model.
      const ranked = await cache.get(key, async () =>
        rankPool(db, audience, page, audience.userId === null ? null : await semantic()),
      );
      const fromPool = ranked.ids.slice(page.offset, page.offset + page.limit);
      const articles = await articlesInOrder(db, fromPool, audience.userId);
      if (ranked.ids.length < RANKED_POOL || fromPool.length === page.limit) return articles;
      const rest = await discoverPageAfterPool(
        db,
        poolAudience(audience, ranked.follows, page),
        audience.userId,
        {
          ...page,
          offset: Math.max(page.offset, RANKED_POOL),
          limit: page.limit - fromPool.length,
        },
      );
      return [...articles, ...rest];
    },
  };
}

import type { Article } from '@blogstream/shared/contract';
import type { Db } from '../db/db.js';
import { newestFirstPage, type FeedPage } from '../db/feeds.js';
import { normalise, dot } from '../embeddings/embedder.js';
import { articlesInOrder, type SemanticSearch } from '../search/hybrid-search.js';
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

interface PoolRow {
  post_id: string | number;
  source_id: string | number;
  /** Null when the article is undated. */
  publishing_date: Date | string | null;
  topic_match: boolean;
  followed: boolean;
  has_description: boolean;
  has_image: boolean;
  has_body: boolean;
  followers: number;
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
    db.query<{ source_id: string }>(
      'SELECT source_id FROM source_follows WHERE user_id = $1 AND created_at <= $2',
      [userId, cutoff],
    ),
    db.query<{ post_id: string }>(
      `SELECT post_id FROM bookmarks WHERE user_id = $1 AND created_at <= $2
        ORDER BY created_at DESC LIMIT ${PROFILE_BOOKMARKS}`,
      [userId, cutoff],
    ),
  ]);
  let profile: Float32Array | null = null;
  if (semantic && bookmarks.rows.length > 0) {
    await semantic.index.ready();
    const sum = new Float32Array(semantic.index.dimension);
    for (const row of bookmarks.rows) {
      const vector = semantic.index.vectorOf(Number(row.post_id));
      if (vector) for (let index = 0; index < sum.length; index += 1) sum[index]! += vector[index]!;
    }
    if (sum.some((value) => value !== 0)) profile = normalise(sum);
  }
  return { follows: follows.rows.map((row) => Number(row.source_id)), profile };
}

/** The SQL condition of the audience's pool, with its parameters from $2. */
function poolCondition(audience: DiscoverAudience, follows: readonly number[]) {
  if (audience.topics.length === 0 && (audience.userId === null || follows.length === 0)) {
    return { condition: 'TRUE', params: [] as unknown[] };
  }
  return {
    condition: '(a.topics && $2::text[] OR a.source_id = ANY($3::bigint[]))',
    params: [audience.topics, follows] as unknown[],
  };
}

async function loadPool(
  db: Db,
  audience: DiscoverAudience,
  signals: ReaderSignals,
  snapshot: number,
): Promise<PoolRow[]> {
  const { condition, params } = poolCondition(audience, signals.follows);
  const { rows } = await db.query<PoolRow>(
    `WITH pool AS (
       SELECT a.post_id, a.source_id, a.publishing_date, a.topics,
              a.description <> '' AS has_description, a.image IS NOT NULL AS has_image,
              length(a.content) > 1500 AS has_body
         FROM articles a
        WHERE a.post_id <= $1 AND ${condition}
        ORDER BY a.publishing_date DESC NULLS LAST, a.post_id DESC
        LIMIT ${RANKED_POOL}
     )
     SELECT pool.*, pool.topics && $${params.length + 2}::text[] AS topic_match,
            pool.source_id = ANY($${params.length + 3}::bigint[]) AS followed,
            COALESCE(f.followers, 0)::int AS followers
       FROM pool
       LEFT JOIN (
         SELECT source_id, count(*) AS followers FROM source_follows
          WHERE source_id IN (SELECT DISTINCT source_id FROM pool) GROUP BY source_id
       ) f ON f.source_id = pool.source_id`,
    [snapshot, ...params, audience.topics, signals.follows],
  );
  return rows;
}

/** 0..1: a description, an image, a real body and a followed source make a better card. */
function quality(row: PoolRow, mostFollowers: number): number {
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
  const pool = await loadPool(db, audience, signals, page.snapshot);
  // Scored against the moment the scroll began, so every page of it sees the same order.
  const now = page.takenAt;
  const mostFollowers = Math.max(0, ...pool.map((row) => row.followers));
  const dated: ScoredCandidate[] = [];
  const undated: ScoredCandidate[] = [];
  for (const row of pool) {
    const postId = Number(row.post_id);
    const vector = signals.profile ? semantic?.index.vectorOf(postId) : undefined;
    const candidate = {
      postId,
      sourceId: Number(row.source_id),
      ageDays:
        row.publishing_date === null ? 0 : (now - new Date(row.publishing_date).getTime()) / DAY_MS,
      topicMatch: row.topic_match,
      followed: row.followed,
      similarity: vector && signals.profile ? dot(vector, signals.profile) : null,
      quality: quality(row, mostFollowers),
    };
    (row.publishing_date === null ? undated : dated).push(candidate);
  }
  // An article whose age is unknown is ranked as old: after every dated one.
  const ids = [...diversify(dated, feedScore), ...diversify(undated, relevance)].map(
    (candidate) => candidate.postId,
  );
  return { ids, follows: signals.follows };
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
      const key = [audience.userId ?? 'visitor', audience.topics.join('|'), page.snapshot, hour]
        .concat(audience.userId === null ? [] : [page.takenAt])
        .join(':');
      const ranked = await cache.get(key, async () =>
        rankPool(db, audience, page, await semantic()),
      );
      const fromPool = ranked.ids.slice(page.offset, page.offset + page.limit);
      const articles = await articlesInOrder(db, fromPool, audience.userId);
      if (ranked.ids.length < RANKED_POOL || fromPool.length === page.limit) return articles;
      const { condition, params } = poolCondition(audience, ranked.follows);
      const rest = await newestFirstPage(db, condition, params, audience.userId, {
        ...page,
        offset: Math.max(page.offset, RANKED_POOL),
        limit: page.limit - fromPool.length,
      });
      return [...articles, ...rest];
    },
  };
}

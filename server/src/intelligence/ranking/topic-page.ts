import type { Article } from '@blogstream/shared/contract';
import type { Topic } from '@blogstream/shared/lib';
import type { Db } from '../../db/db.js';
import { FeedQuery } from '../../db/feed-query.js';
import { orderedPage, type FeedPage } from '../../db/feeds.js';
import { freshness, type FreshnessWeights } from './feed-score.js';

/**
 * The topic page's "Discover the best {topic} blogs" (docs/RANKING.md, decision 0031): the
 * articles carrying the topic, the ones most surely about it and freshest first:
 *
 *   rank = confidence * (FLOOR + (1 - FLOOR) * 0.5^(age / HALF_LIFE))
 *
 * confidence: the topic's score in the article (articles.topic_scores, from classify-topics.ts;
 * 0 for a topic stamped before scores existed). An undated article counts as old (the floor).
 * A topic page is read to discover a topic, not for news: its half-life is longer than the
 * discover feed's and a sure old article still outranks a doubtful new one.
 */
export const TOPIC_PAGE_WEIGHTS: FreshnessWeights = { halfLifeDays: 60, freshnessFloor: 0.3 };

const DAY_SECONDS = 24 * 60 * 60;

/** The rank of an article with `score` for the topic, `ageDays` old (null: undated). */
export function topicPageRank(score: number | null, ageDays: number | null): number {
  const fresh =
    ageDays === null ? TOPIC_PAGE_WEIGHTS.freshnessFloor : freshness(ageDays, TOPIC_PAGE_WEIGHTS);
  return (score ?? 0) * fresh;
}

/** topicPageRank in SQL over alias `a`, for the topic in placeholder `topic` at `takenAt`. */
function topicPageRankSql(topic: string, takenAt: string): string {
  const { halfLifeDays, freshnessFloor } = TOPIC_PAGE_WEIGHTS;
  const decay = `power(0.5, greatest(extract(epoch FROM ${takenAt}::timestamptz - a.publishing_date)::float8, 0)
                           / ${halfLifeDays * DAY_SECONDS})`;
  return `coalesce(a.topic_scores[array_position(a.topics, ${topic}::text)], 0)
          * (${freshnessFloor} + ${1 - freshnessFloor} * coalesce(${decay}, 0))`;
}

/** One page of the topic page's articles, a story once, as the reader sees them. */
export function topicPage(
  db: Db,
  topic: Topic,
  userId: number | null,
  page: FeedPage,
): Promise<Article[]> {
  const query = new FeedQuery(userId);
  const topicParam = query.param(topic);
  return orderedPage(
    db,
    query.and(`a.topics @> ARRAY[${topicParam}::text]`).storyOnce(),
    page,
    (ordered, takenAt) =>
      `ORDER BY ${topicPageRankSql(topicParam, ordered.param(takenAt))} DESC, a.post_id DESC`,
  );
}

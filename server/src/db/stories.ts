import type { Queryable } from './db.js';
import { notMuted } from './mutes.js';

/** An article as the story clustering reads it. */
export interface StoryRow {
  postId: number;
  sourceId: number;
  fromAggregator: boolean;
  title: string;
  /** The start of its body, or its description when it has none. */
  text: string;
  publishedAt: number;
  storyId: number | null;
}

interface RawStoryRow {
  post_id: string | number;
  source_id: string | number;
  from_aggregator: boolean;
  title: string;
  text: string;
  publishing_date: Date | string;
  story_id: string | number | null;
}

const toStoryRow = (row: RawStoryRow): StoryRow => ({
  postId: Number(row.post_id),
  sourceId: Number(row.source_id),
  fromAggregator: row.from_aggregator,
  title: row.title,
  text: row.text,
  publishedAt: new Date(row.publishing_date).getTime(),
  storyId: row.story_id === null ? null : Number(row.story_id),
});

const storyColumns = (textCharacters: number) => `
  a.post_id, a.source_id, s.source_type = 'aggregator' AS from_aggregator, a.title,
  left(CASE WHEN a.content <> '' THEN a.content ELSE a.description END, ${textCharacters}) AS text,
  a.publishing_date, a.story_id`;

/** Articles clustered by other rules than `rulesVersion` are clustered again, from scratch. */
export async function forgetOlderClustering(db: Queryable, rulesVersion: number): Promise<void> {
  await db.query(
    `UPDATE articles SET story_version = NULL, story_id = NULL
      WHERE story_version IS NOT NULL AND story_version <> $1`,
    [rulesVersion],
  );
}

/**
 * Articles without a date are no story's: nothing says which neighbours they could be copies of.
 * Marks them clustered and returns how many there were.
 */
export async function settleUndated(db: Queryable, rulesVersion: number): Promise<number> {
  const { rows } = await db.query<{ post_id: number }>(
    `UPDATE articles SET story_version = $1
      WHERE story_version IS NULL AND publishing_date IS NULL RETURNING post_id`,
    [rulesVersion],
  );
  return rows.length;
}

/** The first `limit` unclustered dated articles in publishing order. */
export async function articlesToCluster(
  db: Queryable,
  limit: number,
): Promise<{ postId: number; publishedAt: number }[]> {
  const { rows } = await db.query<{ post_id: string | number; publishing_date: Date | string }>(
    `SELECT post_id, publishing_date FROM articles
      WHERE story_version IS NULL AND publishing_date IS NOT NULL
      ORDER BY publishing_date, post_id
      LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({
    postId: Number(row.post_id),
    publishedAt: new Date(row.publishing_date).getTime(),
  }));
}

/** Every dated article published from `from` to `to` (inclusive). */
export async function articlesPublishedBetween(
  db: Queryable,
  from: Date,
  to: Date,
  textCharacters: number,
): Promise<StoryRow[]> {
  const { rows } = await db.query<RawStoryRow>(
    `SELECT ${storyColumns(textCharacters)}
       FROM articles a JOIN sources s ON s.source_id = a.source_id
      WHERE a.publishing_date BETWEEN $1 AND $2`,
    [from, to],
  );
  return rows.map(toStoryRow);
}

/** What picks a story's lead: whether from an aggregator, and when published. */
export interface StoryMember {
  postId: number;
  fromAggregator: boolean;
  publishedAt: number;
}

/** The members of the stories `storyIds` (a story's lead included). */
export async function membersOfStories(
  db: Queryable,
  storyIds: readonly number[],
): Promise<StoryMember[]> {
  if (storyIds.length === 0) return [];
  const { rows } = await db.query<{
    post_id: string | number;
    from_aggregator: boolean;
    publishing_date: Date | string | null;
  }>(
    `SELECT a.post_id, s.source_type = 'aggregator' AS from_aggregator, a.publishing_date
       FROM articles a JOIN sources s ON s.source_id = a.source_id
      WHERE a.story_id = ANY($1::bigint[]) OR a.post_id = ANY($1::bigint[])`,
    [storyIds],
  );
  return rows.map((row) => ({
    postId: Number(row.post_id),
    fromAggregator: row.from_aggregator,
    publishedAt: row.publishing_date === null ? Infinity : new Date(row.publishing_date).getTime(),
  }));
}

/** Makes `members` one story led by `leadId`. */
export async function joinStory(
  db: Queryable,
  leadId: number,
  members: readonly number[],
): Promise<void> {
  await db.query('UPDATE articles SET story_id = $1 WHERE post_id = ANY($2::bigint[])', [
    leadId,
    members,
  ]);
}

export async function markClustered(
  db: Queryable,
  postIds: readonly number[],
  rulesVersion: number,
): Promise<void> {
  await db.query('UPDATE articles SET story_version = $2 WHERE post_id = ANY($1::bigint[])', [
    postIds,
    rulesVersion,
  ]);
}

/**
 * SQL over alias `a`, a copy in a story: every copy that leads it (the story's lead, or one before
 * it in the lead's order: a blog's own copy before an aggregator's, then the first published,
 * then the first stored) is hidden from `reader` by their mutes. So a reader who mutes the lead's
 * blog still gets the story, from its next copy.
 */
function leadersMutedFor(reader: string): string {
  return `NOT EXISTS (
      SELECT 1 FROM articles c JOIN sources cs ON cs.source_id = c.source_id
       WHERE c.story_id = a.story_id AND c.post_id <> a.post_id
         AND (c.post_id = c.story_id
              OR (cs.source_type = 'aggregator', c.publishing_date, c.post_id)
                 < ((SELECT s.source_type = 'aggregator' FROM sources s
                      WHERE s.source_id = a.source_id), a.publishing_date, a.post_id))
         AND ${notMuted(reader, 'c')}
    )`;
}

/**
 * SQL over alias `a`: the article is the card its story shows in a feed: a story of one, the
 * lead of its story, or, for `reader` (a placeholder of the reader's id), the first copy their
 * mutes leave; or it meets `alsoShown` (SQL over `a`; a followed blog's copy, say).
 */
export function storyShown({
  reader,
  alsoShown,
}: { reader?: string; alsoShown?: string } = {}): string {
  const shown = ['a.story_id IS NULL', 'a.story_id = a.post_id'];
  if (reader) shown.push(leadersMutedFor(reader));
  if (alsoShown) shown.push(alsoShown);
  return `(${shown.join(' OR ')})`;
}

/**
 * `ranked` with one article per story, at its best rank: a ranking shows a story once, by
 * whichever of its copies ranked first. `storyOf` maps an article in a story to its story.
 */
export function firstOfEachStory(
  ranked: readonly number[],
  storyOf: ReadonlyMap<number, number>,
): number[] {
  const shownStories = new Set<number>();
  return ranked.filter((postId) => {
    const story = storyOf.get(postId);
    if (story === undefined) return true;
    if (shownStories.has(story)) return false;
    shownStories.add(story);
    return true;
  });
}

/** firstOfEachStory, with the stories read from the database. */
export async function oneCardPerStory(db: Queryable, ranked: readonly number[]): Promise<number[]> {
  if (ranked.length === 0) return [];
  const { rows } = await db.query<{ post_id: string | number; story_id: string | number }>(
    `SELECT post_id, story_id FROM articles
      WHERE post_id = ANY($1::bigint[]) AND story_id IS NOT NULL`,
    [ranked],
  );
  return firstOfEachStory(
    ranked,
    new Map(rows.map((row) => [Number(row.post_id), Number(row.story_id)])),
  );
}

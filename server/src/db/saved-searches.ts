import {
  filterOnDay,
  MAX_NEW_MATCHES_COUNTED,
  MAX_SAVED_SEARCHES,
  savedSearchFilterSchema,
  type CreateSavedSearchRequest,
  type SavedSearch,
  type SavedSearchFilter,
  type UpdateSavedSearchRequest,
} from '@blogstream/shared/contract';
import type { Queryable } from './db.js';
import { FeedQuery } from './feed-query.js';

/** A saved search as stored: its owner, words and filter, and its marks (migration 0025). */
export interface StoredSavedSearch {
  savedSearchId: number;
  userId: number;
  name: string;
  query: string;
  /** As saved: a date pill's period stays relative (`pastDays`), resolved when it runs. */
  filter: SavedSearchFilter;
  inDigest: boolean;
  alert: boolean;
  /** The newest post_id when the reader last opened it: new matches are above it. */
  openedPostId: number;
  /** The newest post_id its last alert covered. */
  alertedPostId: number;
}

interface SavedSearchRow {
  saved_search_id: number | string;
  user_id: number | string;
  name: string;
  query: string;
  filter: unknown;
  in_digest: boolean;
  alert: boolean;
  opened_post_id: number | string;
  alerted_post_id: number | string;
}

export const SAVED_SEARCH_COLUMNS = `saved_search_id, user_id, name, query, filter, in_digest, alert,
  opened_post_id, alerted_post_id`;

/** The newest post_id, in SQL: the mark of "now" (0 before any article). */
const NEWEST_POST_ID = '(SELECT COALESCE(max(post_id), 0) FROM articles)';

export function toStoredSavedSearch(row: SavedSearchRow): StoredSavedSearch {
  // A filter stored by an older contract keeps the fields this one still knows.
  const filter = savedSearchFilterSchema.safeParse(row.filter);
  return {
    savedSearchId: Number(row.saved_search_id),
    userId: Number(row.user_id),
    name: row.name,
    query: row.query,
    filter: filter.success ? filter.data : {},
    inDigest: row.in_digest,
    alert: row.alert,
    openedPostId: Number(row.opened_post_id),
    alertedPostId: Number(row.alerted_post_id),
  };
}

/**
 * The articles that are new matches of `search` above the mark `above`: stored since (post_id
 * above it), having its words (FeedQuery.matching) and passing its filter, not muted by its
 * reader, a story once, and news when stored (published at most a week before), so a new blog's
 * back catalogue is not "new". A saved period ("Past week") counts back from today. The conditions of the drawer's count, the digest section, the alert
 * and the RSS feed alike (docs/decisions/0040-saved-searches.md).
 */
export function newMatchesQuery(search: StoredSavedSearch, above: number): FeedQuery {
  const query = new FeedQuery(search.userId);
  return query
    .and(`a.post_id > ${query.param(above)}`)
    .and(`a.publishing_date >= a.created_at - interval '7 days'`)
    .matching(search.query)
    .filteredBy(filterOnDay(search.filter))
    .notMuted()
    .storyOnce();
}

/**
 * How many new matches the search has since its reader last opened it, up to
 * MAX_NEW_MATCHES_COUNTED: the scan stops there, so a search not opened for months costs no more
 * than one opened yesterday with as many matches.
 */
export async function countNewMatches(db: Queryable, search: StoredSavedSearch): Promise<number> {
  const query = newMatchesQuery(search, search.openedPostId);
  const { rows } = await db.query<{ matches: number | string }>(
    `SELECT count(*) AS matches FROM (
       SELECT 1 FROM articles a WHERE ${query.where} LIMIT ${MAX_NEW_MATCHES_COUNTED}
     ) counted`,
    query.params,
  );
  return Number(rows[0]?.matches ?? 0);
}

/**
 * The ids of the search's new matches, newest first, at most `limit`: above the mark `above`, or
 * among the articles `among` (a digest's week).
 */
export async function newMatchIds(
  db: Queryable,
  search: StoredSavedSearch,
  { above = 0, among, limit }: { above?: number; among?: readonly number[]; limit: number },
): Promise<number[]> {
  const query = newMatchesQuery(search, above);
  if (among) query.and(`a.post_id = ANY(${query.param(among)}::bigint[])`);
  const { rows } = await db.query<{ post_id: number | string }>(
    `SELECT a.post_id FROM articles a WHERE ${query.where}
      ORDER BY a.post_id DESC LIMIT ${query.param(limit)}`,
    query.params,
  );
  return rows.map((row) => Number(row.post_id));
}

/** The search as the contract shows it to its reader, with its count of new matches. */
async function shown(db: Queryable, search: StoredSavedSearch): Promise<SavedSearch> {
  return {
    saved_search_id: search.savedSearchId,
    name: search.name,
    query: search.query,
    filter: search.filter,
    new_matches: await countNewMatches(db, search),
    in_digest: search.inDigest,
    alert: search.alert,
  };
}

async function shownRow(
  db: Queryable,
  rows: readonly SavedSearchRow[],
): Promise<SavedSearch | undefined> {
  return rows[0] && shown(db, toStoredSavedSearch(rows[0]));
}

// Every query names the owner: another reader's saved search id matches nothing, exactly like an
// id that does not exist, so callers answer 404 and nothing leaks.

/** The reader's saved searches, oldest first, each with its count of new matches. */
export async function listSavedSearches(db: Queryable, userId: number): Promise<SavedSearch[]> {
  const { rows } = await db.query<SavedSearchRow>(
    `SELECT ${SAVED_SEARCH_COLUMNS} FROM saved_searches
      WHERE user_id = $1 ORDER BY saved_search_id`,
    [userId],
  );
  return Promise.all(rows.map((row) => shown(db, toStoredSavedSearch(row))));
}

/**
 * Saves a search, with its marks at the newest article (what is already stored is not new); undefined
 * when the reader already keeps MAX_SAVED_SEARCHES.
 */
export async function createSavedSearch(
  db: Queryable,
  userId: number,
  { name, query, filter }: CreateSavedSearchRequest,
): Promise<SavedSearch | undefined> {
  const { rows } = await db.query<SavedSearchRow>(
    `INSERT INTO saved_searches (user_id, name, query, filter, opened_post_id, alerted_post_id)
     SELECT $1, $2, $3, $4::jsonb, newest.post_id, newest.post_id
       FROM (SELECT ${NEWEST_POST_ID} AS post_id) newest
      WHERE (SELECT count(*) FROM saved_searches WHERE user_id = $1) < $5
     RETURNING ${SAVED_SEARCH_COLUMNS}`,
    [userId, name, query, JSON.stringify(filter ?? {}), MAX_SAVED_SEARCHES],
  );
  return shownRow(db, rows);
}

/**
 * Changes the fields given (name, digest section, alert); turning the alert on starts it from the
 * newest article, so it never e-mails matches stored before. Undefined when not the reader's.
 */
export async function updateSavedSearch(
  db: Queryable,
  userId: number,
  { savedSearchId, name, inDigest, alert }: UpdateSavedSearchRequest,
): Promise<SavedSearch | undefined> {
  const { rows } = await db.query<SavedSearchRow>(
    `UPDATE saved_searches
        SET name = COALESCE($3, name), in_digest = COALESCE($4, in_digest),
            alerted_post_id = CASE WHEN $5::boolean AND NOT alert THEN ${NEWEST_POST_ID}
                                   ELSE alerted_post_id END,
            alert = COALESCE($5, alert)
      WHERE user_id = $1 AND saved_search_id = $2
     RETURNING ${SAVED_SEARCH_COLUMNS}`,
    [userId, savedSearchId, name ?? null, inDigest ?? null, alert ?? null],
  );
  return shownRow(db, rows);
}

/** The reader opened the search: its new matches count from the newest article on. */
export async function openSavedSearch(
  db: Queryable,
  userId: number,
  savedSearchId: number,
): Promise<SavedSearch | undefined> {
  const { rows } = await db.query<SavedSearchRow>(
    `UPDATE saved_searches SET opened_post_id = ${NEWEST_POST_ID}
      WHERE user_id = $1 AND saved_search_id = $2
     RETURNING ${SAVED_SEARCH_COLUMNS}`,
    [userId, savedSearchId],
  );
  return shownRow(db, rows);
}

/** False when the reader has no such saved search. */
export async function deleteSavedSearch(
  db: Queryable,
  userId: number,
  savedSearchId: number,
): Promise<boolean> {
  const { rows } = await db.query(
    `DELETE FROM saved_searches WHERE user_id = $1 AND saved_search_id = $2
     RETURNING saved_search_id`,
    [userId, savedSearchId],
  );
  return rows.length === 1;
}

/** The reader's saved search by id, as stored; undefined when not theirs. */
export async function findSavedSearch(
  db: Queryable,
  userId: number,
  savedSearchId: number,
): Promise<StoredSavedSearch | undefined> {
  const { rows } = await db.query<SavedSearchRow>(
    `SELECT ${SAVED_SEARCH_COLUMNS} FROM saved_searches
      WHERE user_id = $1 AND saved_search_id = $2`,
    [userId, savedSearchId],
  );
  return rows[0] && toStoredSavedSearch(rows[0]);
}

/** The reader's saved searches as stored, oldest first; only those in their digest if asked. */
export async function savedSearchesOf(
  db: Queryable,
  userId: number,
  { inDigest = false }: { inDigest?: boolean } = {},
): Promise<StoredSavedSearch[]> {
  const { rows } = await db.query<SavedSearchRow>(
    `SELECT ${SAVED_SEARCH_COLUMNS} FROM saved_searches
      WHERE user_id = $1 AND (in_digest OR NOT $2) ORDER BY saved_search_id`,
    [userId, inDigest],
  );
  return rows.map(toStoredSavedSearch);
}

/** Turns a saved search's e-mail alert off (its one-click unsubscribe link). */
export async function stopSavedSearchAlert(db: Queryable, savedSearchId: number): Promise<void> {
  await db.query('UPDATE saved_searches SET alert = false WHERE saved_search_id = $1', [
    savedSearchId,
  ]);
}

/** A saved search whose alert may go now, with its reader's address. */
export interface AlertDue extends StoredSavedSearch {
  email: string;
}

/**
 * The saved searches with the alert on whose reader has a verified address and whose last alert
 * is a day old or more (at most one a day), oldest first.
 */
export async function alertsDue(db: Queryable): Promise<AlertDue[]> {
  const { rows } = await db.query<SavedSearchRow & { email: string }>(
    `SELECT q.*, u.email
       FROM saved_searches q JOIN users u ON u.user_id = q.user_id
      WHERE q.alert AND u.email_verified_at IS NOT NULL
        AND (q.alerted_at IS NULL OR q.alerted_at <= now() - interval '1 day')
      ORDER BY q.saved_search_id`,
  );
  return rows.map((row) => ({ ...toStoredSavedSearch(row), email: row.email }));
}

/**
 * Claims the alert of the matches up to `newest` (post_id): moves the search's mark from `from` to
 * `newest` and dates it, if nobody did since it was read and it is still due. False: another run
 * claimed it, or the reader turned it off, so nothing must be sent.
 */
export async function claimAlert(
  db: Queryable,
  savedSearchId: number,
  from: number,
  newest: number,
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE saved_searches SET alerted_post_id = $3, alerted_at = now()
      WHERE saved_search_id = $1 AND alerted_post_id = $2 AND alert
        AND (alerted_at IS NULL OR alerted_at <= now() - interval '1 day')
     RETURNING saved_search_id`,
    [savedSearchId, from, newest],
  );
  return rows.length === 1;
}

/** Gives back a claim whose mail could not be sent: the next crawl tries the same matches. */
export async function releaseAlert(
  db: Queryable,
  savedSearchId: number,
  from: number,
  newest: number,
): Promise<void> {
  await db.query(
    `UPDATE saved_searches SET alerted_post_id = $2, alerted_at = NULL
      WHERE saved_search_id = $1 AND alerted_post_id = $3`,
    [savedSearchId, from, newest],
  );
}

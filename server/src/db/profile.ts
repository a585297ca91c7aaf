import type { ThemePreference, UserSettings } from '@blogstream/shared/contract';
import type { Queryable } from './db.js';

/** The reader's topics, or null when none were ever saved (spec §3: null counts as empty). */
export async function userTopics(db: Queryable, userId: number): Promise<string[] | null> {
  const { rows } = await db.query<{ topics: string[] | null }>(
    'SELECT topics FROM users WHERE user_id = $1',
    [userId],
  );
  const topics = rows[0]?.topics ?? null;
  return topics && topics.length > 0 ? topics : null;
}

/** Saves the topics (catalogue entries, checked by the caller); the reader is no longer new. */
export async function saveUserTopics(db: Queryable, userId: number, topics: string[]) {
  await db.query('UPDATE users SET topics = $2, first_time = false WHERE user_id = $1', [
    userId,
    [...new Set(topics)],
  ]);
}

export async function userSettings(db: Queryable, userId: number): Promise<UserSettings> {
  const { rows } = await db.query<{ email_digest_frequency: number; theme: ThemePreference }>(
    'SELECT email_digest_frequency, theme FROM users WHERE user_id = $1',
    [userId],
  );
  return {
    email_digest_frequency: rows[0]?.email_digest_frequency === 2 ? 2 : 0,
    theme: rows[0]?.theme ?? 'system',
  };
}

/** Saves the settings given; a missing one keeps its value. */
export async function saveUserSettings(
  db: Queryable,
  userId: number,
  settings: Partial<UserSettings>,
) {
  await db.query(
    `UPDATE users
        SET email_digest_frequency = coalesce($2, email_digest_frequency),
            theme = coalesce($3, theme)
      WHERE user_id = $1`,
    [userId, settings.email_digest_frequency ?? null, settings.theme ?? null],
  );
}

/** Turns the weekly digest off (the digest's unsubscribe link). */
export async function unsubscribeFromDigest(db: Queryable, userId: number): Promise<void> {
  await db.query('UPDATE users SET email_digest_frequency = 0 WHERE user_id = $1', [userId]);
}

/**
 * True when a followed source got an article since the reader last opened the subscriptions
 * screen. "Got" is when the crawler stored it: an old post found today is new to the reader.
 */
export async function hasUnseenSubscriptions(db: Queryable, userId: number): Promise<boolean> {
  const { rows } = await db.query<{ unseen: boolean }>(
    `SELECT EXISTS (
       SELECT 1
         FROM users u
         JOIN source_follows f ON f.user_id = u.user_id
         JOIN articles a ON a.source_id = f.source_id AND a.created_at > u.subscriptions_seen_at
        WHERE u.user_id = $1
     ) AS unseen`,
    [userId],
  );
  return rows[0]?.unseen === true;
}

export async function markSubscriptionsSeen(db: Queryable, userId: number): Promise<void> {
  await db.query('UPDATE users SET subscriptions_seen_at = now() WHERE user_id = $1', [userId]);
}

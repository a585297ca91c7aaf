import type { Db } from './db.js';

export interface RssReader {
  user_id: number;
  account_type: number;
  topics: string[] | null;
}

export async function rssReaderById(db: Db, userId: number): Promise<RssReader | undefined> {
  const { rows } = await db.query<RssReader>(
    'SELECT user_id, account_type, topics FROM users WHERE user_id = $1',
    [userId],
  );
  return rows[0];
}

/** The reader's RSS token, stored on first use (`candidate` is used when there is none yet). */
export async function ensureRssToken(db: Db, userId: number, candidate: string): Promise<string> {
  const { rows } = await db.query<{ rss_token: string }>(
    `UPDATE users SET rss_token = COALESCE(rss_token, $2) WHERE user_id = $1 RETURNING rss_token`,
    [userId, candidate],
  );
  return rows[0]!.rss_token;
}

export async function rssReaderByToken(db: Db, token: string): Promise<RssReader | undefined> {
  const { rows } = await db.query<RssReader>(
    'SELECT user_id, account_type, topics FROM users WHERE rss_token = $1',
    [token],
  );
  return rows[0];
}

import type { Queryable } from './db.js';
import { randomToken, sha256Hex } from '../lib/tokens.js';

export type SsoProvider = 'google';

/**
 * Cookie values: `s.<token>` names a signed-in session (looked up in the database), `p.<token>` a
 * visitor's pre-session, which exists only to bind the XSRF token and costs no database query.
 */
const SESSION_ID = /^([sp])\.[A-Za-z0-9_-]{43}$/;
export type SessionIdKind = 'signedIn' | 'preSession';

export function kindOfSessionId(value: string | undefined): SessionIdKind | undefined {
  const prefix = value === undefined ? undefined : SESSION_ID.exec(value)?.[1];
  if (prefix === undefined) return undefined;
  return prefix === 's' ? 'signedIn' : 'preSession';
}

export function newPreSessionId(): string {
  return `p.${randomToken()}`;
}

export interface ActiveSession {
  userId: number;
  ssoProvider: SsoProvider | null;
  /** The last-seen time is older than a minute: worth writing again. */
  stale: boolean;
}

/** Starts a session for the user; returns the new session id (the cookie value). */
export async function startSession(
  db: Queryable,
  userId: number,
  ssoProvider: SsoProvider | null,
  maxAgeSeconds: number,
): Promise<string> {
  const sessionId = `s.${randomToken()}`;
  await db.query(
    `INSERT INTO sessions (id_hash, user_id, sso_provider, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4::int))`,
    [sha256Hex(sessionId), userId, ssoProvider, maxAgeSeconds],
  );
  return sessionId;
}

/** The signed-in session behind a cookie value, unless it expired (idle or absolute). */
export async function findSession(
  db: Queryable,
  sessionId: string,
  idleSeconds: number,
): Promise<ActiveSession | undefined> {
  const { rows } = await db.query<{
    user_id: number;
    sso_provider: SsoProvider | null;
    stale: boolean;
  }>(
    `SELECT user_id, sso_provider, last_seen_at < now() - interval '1 minute' AS stale
       FROM sessions
      WHERE id_hash = $1 AND expires_at > now()
        AND last_seen_at > now() - make_interval(secs => $2::int)`,
    [sha256Hex(sessionId), idleSeconds],
  );
  const row = rows[0];
  return row && { userId: Number(row.user_id), ssoProvider: row.sso_provider, stale: row.stale };
}

export async function touchSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('UPDATE sessions SET last_seen_at = now() WHERE id_hash = $1', [
    sha256Hex(sessionId),
  ]);
}

export async function endSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id_hash = $1', [sha256Hex(sessionId)]);
}

export async function endAllSessions(db: Queryable, userId: number): Promise<void> {
  await db.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
}

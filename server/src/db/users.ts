import type { AccountType, UserData } from '@blogstream/shared/contract';
import type { Queryable } from './db.js';

export interface UserRecord {
  userId: number;
  email: string;
  name: string;
  /** Null for accounts that only sign in with Google. */
  passwordHash: string | null;
  emailVerified: boolean;
  googleSub: string | null;
}

interface UserRow {
  user_id: number;
  email: string;
  name: string;
  password_hash: string | null;
  email_verified: boolean;
  google_sub: string | null;
}

const USER_COLUMNS = `user_id, email, name, password_hash,
  email_verified_at IS NOT NULL AS email_verified, google_sub`;

function toUserRecord(row: UserRow): UserRecord {
  return {
    userId: Number(row.user_id),
    email: row.email,
    name: row.name,
    passwordHash: row.password_hash,
    emailVerified: row.email_verified,
    googleSub: row.google_sub,
  };
}

async function findUser(db: Queryable, where: string, value: string) {
  const { rows } = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE ${where} = $1`,
    [value],
  );
  return rows[0] && toUserRecord(rows[0]);
}

/** `email` as the contract's emailSchema leaves it: trimmed and lower-cased. */
export function findUserByEmail(db: Queryable, email: string): Promise<UserRecord | undefined> {
  return findUser(db, 'email', email);
}

export function findUserByGoogleSub(db: Queryable, sub: string): Promise<UserRecord | undefined> {
  return findUser(db, 'google_sub', sub);
}

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string | null;
  emailVerified: boolean;
  googleSub: string | null;
}

/** The new user's id, or undefined when the e-mail address is taken. */
export async function insertUser(db: Queryable, user: NewUser): Promise<number | undefined> {
  const { rows } = await db.query<{ user_id: number }>(
    `INSERT INTO users (email, name, password_hash, email_verified_at, google_sub)
     VALUES ($1, $2, $3, CASE WHEN $4 THEN now() END, $5)
     ON CONFLICT (email) DO NOTHING
     RETURNING user_id`,
    [user.email, user.name, user.passwordHash, user.emailVerified, user.googleSub],
  );
  return rows[0] && Number(rows[0].user_id);
}

export async function markEmailVerified(db: Queryable, userId: number): Promise<void> {
  await db.query(
    'UPDATE users SET email_verified_at = coalesce(email_verified_at, now()) WHERE user_id = $1',
    [userId],
  );
}

/**
 * A reset proves the reader holds the mailbox, so the address counts as verified from then on.
 */
export async function setPassword(db: Queryable, userId: number, passwordHash: string) {
  await db.query(
    `UPDATE users SET password_hash = $2, email_verified_at = coalesce(email_verified_at, now())
      WHERE user_id = $1`,
    [userId, passwordHash],
  );
}

/**
 * Links a Google account to an existing one with the same (Google-verified) address. If that
 * account had never verified its address, its password was set by whoever signed up, possibly
 * not the mailbox's owner: it is dropped (the reader can set one through "Forgot password").
 */
export async function linkGoogleAccount(db: Queryable, userId: number, googleSub: string) {
  await db.query(
    `UPDATE users
        SET google_sub = $2,
            password_hash = CASE WHEN email_verified_at IS NULL THEN NULL ELSE password_hash END,
            email_verified_at = coalesce(email_verified_at, now())
      WHERE user_id = $1`,
    [userId, googleSub],
  );
}

/** The user data of spec §3 as check_logged_in and sign-in answer it. */
export async function loadUserData(db: Queryable, userId: number): Promise<UserData | undefined> {
  const { rows } = await db.query<{
    name: string;
    email: string;
    account_type: number;
    first_time: boolean;
    follows_sources: boolean;
  }>(
    `SELECT name, email, account_type, first_time,
            EXISTS (SELECT 1 FROM source_follows f WHERE f.user_id = u.user_id) AS follows_sources
       FROM users u WHERE user_id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    name: row.name,
    email: row.email,
    account_type: row.account_type === 1 ? 1 : 0,
    userFirstTimeUX: row.first_time,
    follows_sources: row.follows_sources,
  };
}

/** The operator's command: true when an account has this address. */
export async function setAccountType(db: Queryable, email: string, accountType: AccountType) {
  const { rows } = await db.query(
    'UPDATE users SET account_type = $2 WHERE email = $1 RETURNING user_id',
    [email, accountType],
  );
  return rows.length === 1;
}

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config, LogLevel } from '../config.js';
import type { Db } from '../db/db.js';
import { openDeliveries } from './deliveries.js';
import { createDigestTransport, type DigestTransport } from './digest-transport.js';
import { digestWeekOf } from './digest-week.js';
import {
  buildDigest,
  runDigest,
  type DigestLog,
  type DigestReport,
  type DigestTrigger,
  type SummaryFor,
} from './run-digest.js';
import { loadCandidates } from './select-articles.js';
import { deriveUnsubscribeKey, serverSecret } from './unsubscribe-token.js';

const SEVERITY: Partial<Record<LogLevel, number>> = { debug: 20, info: 30, warn: 40, error: 50 };

/** Digest lines on the console at LOG_LEVEL, as background jobs log (jobs/job-log.ts). */
export function consoleDigestLog(level: LogLevel): DigestLog {
  const threshold = level === 'silent' ? Infinity : (SEVERITY[level] ?? 10);
  return {
    info: (message) => {
      if (threshold <= 30) console.info(message);
    },
    warn: (message) => {
      if (threshold <= 40) console.warn(message);
    },
    error: (message, error) => {
      if (threshold <= 50) console.error(message, error);
    },
  };
}

export interface DigestOnceOptions {
  trigger: DigestTrigger;
  summaryFor: SummaryFor;
  /** False: only finish readers an earlier run of this week left open. */
  enrol?: boolean;
  signal?: AbortSignal;
  /** A transport other than the configured one (the bench, tests). */
  transport?: DigestTransport;
  now?: Date;
}

/** One digest run with the configured transport, as the scheduler and `admin digest` run it. */
export async function digestOnce(
  db: Db,
  config: Config,
  log: DigestLog,
  options: DigestOnceOptions,
): Promise<DigestReport> {
  const transport = options.transport ?? createDigestTransport(config);
  try {
    return await runDigest({
      db,
      transport,
      summaryFor: options.summaryFor,
      unsubscribeKey: deriveUnsubscribeKey(await serverSecret(config)),
      publicUrl: config.accounts.publicUrl,
      log,
      trigger: options.trigger,
      enrol: options.enrol,
      signal: options.signal,
      now: options.now,
    });
  } finally {
    if (!options.transport) transport.close();
  }
}

/** Whether a run of this week stopped before finishing (a worker resumes it at start). */
export async function hasUnfinishedDigest(db: Db, now = new Date()): Promise<boolean> {
  return (await openDeliveries(db, digestWeekOf(now).monday)).open > 0;
}

export interface DigestPreview {
  email: string;
  weekly: boolean;
  /** Undefined when the reader has nothing new this week (no e-mail would be sent). */
  mail?: { subject: string; text: string; headers: Record<string, string>; messageId: string };
  htmlFile?: string;
  articles: number;
}

interface PreviewReaderRow {
  user_id: number | string;
  email: string;
  name: string;
  topics: string[] | null;
  email_digest_frequency: number;
  followed: (number | string)[] | null;
}

/**
 * The digest `email` (or else the first weekly reader) would get now, built exactly as a run
 * builds it but neither sent nor recorded; the HTML part is written to DATA_DIR/digest-preview/.
 */
export async function previewDigest(
  db: Db,
  config: Config,
  options: { email?: string; summaryFor: SummaryFor; now?: Date },
): Promise<DigestPreview | undefined> {
  const { rows } = await db.query<PreviewReaderRow>(
    `SELECT u.user_id, u.email, u.name, u.topics, u.email_digest_frequency,
            ARRAY(SELECT f.source_id FROM source_follows f WHERE f.user_id = u.user_id) AS followed
       FROM users u
      WHERE ($1::text IS NULL AND u.email_digest_frequency = 2) OR u.email = lower(trim($1::text))
      ORDER BY u.user_id LIMIT 1`,
    [options.email ?? null],
  );
  const row = rows[0];
  if (!row) return undefined;
  const userId = Number(row.user_id);
  const week = digestWeekOf(options.now ?? new Date());
  const candidates = await loadCandidates(db, week.since, week.until);
  const built = await buildDigest({
    reader: {
      userId,
      email: row.email,
      name: row.name,
      topics: row.topics ?? [],
      followedSourceIds: new Set((row.followed ?? []).map(Number)),
    },
    candidates,
    summary: (postId) => options.summaryFor(postId).catch(() => null),
    week,
    publicUrl: config.accounts.publicUrl,
    unsubscribeKey: deriveUnsubscribeKey(await serverSecret(config)),
  });
  const preview: DigestPreview = {
    email: row.email,
    weekly: row.email_digest_frequency === 2,
    articles: built?.postIds.length ?? 0,
  };
  if (!built) return preview;
  const dir = join(config.dataDir, 'digest-preview');
  await mkdir(dir, { recursive: true });
  preview.htmlFile = join(dir, `digest-${week.monday}-${userId}.html`);
  await writeFile(preview.htmlFile, built.mail.html, { mode: 0o600 });
  preview.mail = {
    subject: built.mail.subject,
    text: built.mail.text,
    headers: built.mail.headers,
    messageId: built.mail.messageId,
  };
  return preview;
}

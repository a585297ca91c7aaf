import type { Summary } from '@blogstream/shared/contract';
import type { Db } from '../db/db.js';
import type { Log } from '../lib/log.js';
import type { SummaryFor } from '../mail/digest/run-digest.js';
import type { ReceivedMail } from './smtp-peer.js';

/** The digest tests' sources, articles, readers, summaries and log (mail/digest). */
let count = 0;

export async function addSource(db: Db, name: string): Promise<number> {
  count += 1;
  const { rows } = await db.query<{ source_id: number }>(
    `INSERT INTO sources (url_name, name, long_name, feed_url) VALUES ($1, $2, $2, $3)
     RETURNING source_id`,
    [`digest-${count}`, name, `https://digest-${count}.example/feed.xml`],
  );
  return Number(rows[0]?.source_id);
}

/** An article first stored now, published `daysAgo` days ago, about `topics`. */
export async function addArticle(
  db: Db,
  sourceId: number,
  title: string,
  topics: string[],
  daysAgo = 1,
): Promise<number> {
  count += 1;
  const link = `https://digest.example/posts/${count}`;
  const { rows } = await db.query<{ post_id: number }>(
    `INSERT INTO articles (source_id, link, title, description, publishing_date, topics)
     VALUES ($1, $2, $3, $4, now() - make_interval(days => $5::int), $6::text[])
     RETURNING post_id`,
    [sourceId, link, title, `What ${title} is about.`, daysAgo, topics],
  );
  return Number(rows[0]?.post_id);
}

export interface ReaderFixture {
  email: string;
  topics?: string[] | null;
  weekly?: boolean;
  verified?: boolean;
  follows?: number[];
}

export async function addReader(db: Db, reader: ReaderFixture): Promise<number> {
  const { rows } = await db.query<{ user_id: number }>(
    `INSERT INTO users (email, name, topics, email_digest_frequency, email_verified_at)
     VALUES ($1, 'Digest Reader', $2::text[], $3, CASE WHEN $4 THEN now() END)
     RETURNING user_id`,
    [
      reader.email,
      reader.topics ?? null,
      reader.weekly === false ? 0 : 2,
      reader.verified !== false,
    ],
  );
  const userId = Number(rows[0]?.user_id);
  for (const sourceId of reader.follows ?? []) {
    await db.query('INSERT INTO source_follows (user_id, source_id) VALUES ($1, $2)', [
      userId,
      sourceId,
    ]);
  }
  return userId;
}

export function summaryOf(postId: number): Summary {
  return {
    bullet_points: [`Bullet one of article ${postId}`, `Bullet two of article ${postId}`],
    key_concepts: [`concept-${postId}`],
  };
}

/** A summary stub that counts calls and fails for the given articles. */
export function stubSummaries(failing: number[] = []): SummaryFor & { calls: number[] } {
  const calls: number[] = [];
  const summaryFor = async (postId: number) => {
    calls.push(postId);
    if (failing.includes(postId)) throw new Error('summariser down');
    return summaryOf(postId);
  };
  return Object.assign(summaryFor, { calls });
}

export function collectingLog(): Log & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    debug: () => undefined,
    info: (_details, message) => void lines.push(message),
    warn: (_details, message) => void lines.push(`WARN ${message}`),
    error: (details, message) =>
      void lines.push(`ERROR ${message} ${String('err' in details ? details.err : '')}`),
  };
}

/** A header of a received message, its folded lines joined. */
export function header(mail: ReceivedMail, name: string): string | undefined {
  const unfolded = mail.raw.replace(/\r?\n[ \t]+/g, ' ');
  const head = unfolded.slice(0, unfolded.search(/\r?\n\r?\n/));
  const match = new RegExp(`^${name}: (.*)$`, 'im').exec(head);
  return match?.[1]?.trim();
}

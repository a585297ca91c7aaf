import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Summary } from '@blogstream/shared/contract';
import type { Db } from '../../db/db.js';
import {
  claimDeliveries,
  enrolReaders,
  finishDelivery,
  markSending,
  markSent,
  markSentIfHeld,
  openDeliveries,
  postponeDelivery,
  READER_DELIVERIES,
  type ClaimedDelivery,
  type DeliveryTable,
} from '../../db/digest-deliveries.js';
import { digestReaders } from '../../db/digest-readers.js';
import type { Log } from '../../lib/log.js';
import {
  digestHeaders,
  digestMessageId,
  renderDigest,
  type DigestAbout,
  type DigestEntry,
  type DigestMail,
} from './digest-mail.js';
import type { DigestTransport } from './digest-transport.js';
import { digestWeekOf, type DigestWeek } from './digest-week.js';
import {
  loadCandidates,
  pickArticles,
  type CandidateArticle,
  type ReaderInterests,
} from '../../db/digest-articles.js';
import {
  recipientKey,
  unsubscribeToken,
  unsubscribeUrl,
  type UnsubscribeTarget,
} from './unsubscribe-token.js';

export type SummaryFor = (postId: number) => Promise<Summary | null>;

export type DigestTrigger = 'schedule' | 'start' | 'admin';

/** Where a run can be stopped in tests, as a crash would stop it there. */
export type DigestStep = 'claimed' | 'built' | 'sent';

/** What every recipient's digest of one run is built from. */
export interface DigestContext {
  candidates: readonly CandidateArticle[];
  summary: (postId: number) => Promise<Summary | null>;
  week: DigestWeek;
  publicUrl: string;
  unsubscribeKey: Buffer;
}

export interface BuiltDigest {
  mail: DigestMail;
  postIds: number[];
}

/** One recipient of a run, as its audience loaded it. */
export interface DigestRecipient {
  /** Still gets the digest; if not, the week's row ends 'unsubscribed'. */
  active: boolean;
  /** Their digest, or null when there is nothing new for them. */
  build(context: DigestContext): Promise<BuiltDigest | null>;
}

/**
 * Whom a run sends to, with its own delivery table: the weekly readers, or the topic and
 * collection subscriptions (subscription-digest.ts). Claiming, leases, retries and the final
 * statuses are the same for both.
 */
export interface DigestAudience {
  /** In logs: "readers", "subscriptions". */
  noun: string;
  deliveries: DeliveryTable;
  /** Adds the week's recipients to the delivery table; the number added. */
  enrol(db: Db, monday: string): Promise<number>;
  /** The recipients of `ids` by id (a missing one ends 'unsubscribed'). */
  recipients(
    db: Db,
    ids: readonly number[],
    candidates: readonly CandidateArticle[],
  ): Promise<Map<number, DigestRecipient>>;
}

export interface DigestRunOptions {
  /** Whom to send to; the weekly readers by default. */
  audience?: DigestAudience;
  db: Db;
  transport: DigestTransport;
  summaryFor: SummaryFor;
  /** Signs the unsubscribe links (deriveUnsubscribeKey). */
  unsubscribeKey: Buffer;
  publicUrl: string;
  log: Log;
  trigger: DigestTrigger;
  /** The run's time: its week and the 7 days of articles before it. */
  now?: Date;
  /**
   * Enrol the week's weekly readers first (scheduled and admin runs). Off, the run only finishes
   * what an earlier run of the week left open (the resume at start).
   */
  enrol?: boolean;
  /** How long a claimed reader stays this run's; far longer than one reader takes. */
  leaseSeconds?: number;
  /** Readers claimed at once. */
  batchSize?: number;
  /** Claims after which a reader counts as failed. */
  maxAttempts?: number;
  /** Wait before a failed hand-over is tried again. */
  retrySeconds?: number;
  /** Longest wait for readers other runs hold before looking again. */
  pollMs?: number;
  signal?: AbortSignal;
  /** Tests only: a throw here ends the run at once, without another database write for that recipient. */
  onStep?: (step: DigestStep, id: number) => void | Promise<void>;
}

export interface DigestReport {
  /** The audience's noun: readers or subscriptions. */
  recipients: string;
  week: string;
  trigger: DigestTrigger;
  enrolled: number;
  /** Readers this run finished, by outcome. */
  sent: number;
  empty: number;
  unsubscribed: number;
  failed: number;
  /** Hand-overs that failed and wait for a retry. */
  postponed: number;
  /** Digests sent again after an earlier run stopped during their hand-over (same Message-ID). */
  resent: number;
  /** Readers whose lease ran out before the hand-over (another run may have them). */
  lostLeases: number;
  articles: number;
  summaries: number;
  summaryFailures: number;
  durationMs: number;
}

const DEFAULTS = {
  leaseSeconds: 600,
  batchSize: 50,
  maxAttempts: 5,
  retrySeconds: 60,
  pollMs: 5_000,
};

const PROGRESS_EVERY_MS = 10_000;

/** Summaries computed at once (a chat model is an outside service). */
const SUMMARY_CONCURRENCY = 4;
/** Failed summaries logged one by one; the rest are only counted in the summary line. */
const SUMMARY_FAILURES_LOGGED = 5;

/**
 * Each article's summary is asked for once per run, however many readers get the article, and
 * at most SUMMARY_CONCURRENCY at a time. A failure gives null: the article goes without one.
 */
function summaryCache(summaryFor: SummaryFor, log: Log, report: DigestReport) {
  const cache = new Map<number, Promise<Summary | null>>();
  const waiting: (() => void)[] = [];
  let running = 0;
  // A finished computation hands its slot straight to the next waiting one.
  const slot = async () => {
    if (running < SUMMARY_CONCURRENCY) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  const compute = async (postId: number): Promise<Summary | null> => {
    await slot();
    try {
      const result = await summaryFor(postId);
      if (result) report.summaries += 1;
      return result;
    } catch (error) {
      report.summaryFailures += 1;
      if (report.summaryFailures <= SUMMARY_FAILURES_LOGGED) {
        log.warn(
          {},
          `Digest: no summary for article ${postId} (${error instanceof Error ? error.message : String(error)}); it goes without one`,
        );
      }
      return null;
    } finally {
      release();
    }
  };
  return (postId: number): Promise<Summary | null> => {
    let summary = cache.get(postId);
    if (!summary) {
      summary = compute(postId);
      cache.set(postId, summary);
    }
    return summary;
  };
}

interface SmtpLikeError {
  responseCode?: number;
  code?: string;
  message?: string;
}

/** The server answered with a refusal, or no connection was ever made: it surely has nothing. */
function surelyNotAccepted(error: SmtpLikeError): boolean {
  return (
    typeof error.responseCode === 'number' ||
    ['ECONNECTION', 'EDNS', 'EAUTH', 'ETLS', 'ECONNREFUSED'].includes(error.code ?? '')
  );
}

function describeReport(report: DigestReport, total: number): string {
  return (
    `Digest run (${report.trigger}) week ${report.week}: ${total} ${report.recipients} in ` +
    `${(report.durationMs / 1000).toFixed(1)} s, ${report.sent} sent, ${report.empty} with nothing new, ` +
    `${report.unsubscribed} unsubscribed, ${report.failed} failed, ${report.postponed} postponed, ` +
    `${report.resent} resent after an interrupted hand-over, ${report.lostLeases} lost leases; ` +
    `${report.articles} new articles, ${report.summaries} summaries (${report.summaryFailures} failed)`
  );
}

/**
 * Runs `work` over `items`, at most `limit` at a time. After a failure no new item starts; the
 * ones under way end, then the first failure is thrown.
 */
async function eachLimited<T>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      const item = items[next] as T;
      next += 1;
      try {
        await work(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const results = await Promise.allSettled(
    Array.from({ length: Math.min(limit, items.length) }, lane),
  );
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}

/**
 * The digest e-mail of `articles` (best first) to `to`, with their summaries, the recipient's
 * unsubscribe link and the list headers; null when there are no articles.
 */
export async function composeDigest(
  context: DigestContext,
  articles: readonly CandidateArticle[],
  recipient: { to: string; about: DigestAbout; unsubscribe: UnsubscribeTarget },
): Promise<BuiltDigest | null> {
  if (articles.length === 0) return null;
  const { week, publicUrl } = context;
  const { to, about, unsubscribe } = recipient;
  const entries: DigestEntry[] = await Promise.all(
    articles.map(async (article) => ({ article, summary: await context.summary(article.postId) })),
  );
  const link = unsubscribeUrl(
    publicUrl,
    unsubscribeToken(context.unsubscribeKey, unsubscribe.id, unsubscribe.kind),
  );
  const content = renderDigest({ about, week, entries, publicUrl, unsubscribeUrl: link });
  return {
    mail: {
      ...content,
      to,
      messageId: digestMessageId(publicUrl, week, recipientKey(unsubscribe)),
      headers: digestHeaders(publicUrl, link, about),
    },
    postIds: articles.map((article) => article.postId),
  };
}

/** What one reader's digest holds, or null when there is nothing new for them. */
export function buildDigest(
  options: {
    reader: { userId: number; email: string; name: string } & ReaderInterests;
  } & DigestContext,
): Promise<BuiltDigest | null> {
  const { reader } = options;
  return composeDigest(options, pickArticles(options.candidates, reader), {
    to: reader.email,
    about: { kind: 'reader', name: reader.name },
    unsubscribe: { kind: 'reader', id: reader.userId },
  });
}

/** The weekly readers: those who chose the weekly digest and verified their address. */
export const readersAudience: DigestAudience = {
  noun: 'readers',
  deliveries: READER_DELIVERIES,
  enrol: enrolReaders,
  recipients: async (db, ids, candidates) => {
    const readers = await digestReaders(
      db,
      ids,
      candidates.map((candidate) => candidate.postId),
    );
    return new Map(
      [...readers].map(([id, reader]) => [
        id,
        { active: reader.weekly, build: (context) => buildDigest({ reader, ...context }) },
      ]),
    );
  },
};

/**
 * One digest run for the week of `now` for one audience (the weekly readers unless told): enrols
 * its recipients, then claims them in batches and hands each one digest to the transport,
 * recording every step in the audience's delivery table so that a rerun (after a crash, or beside
 * another run) sends nobody a second digest for the week. Waits for recipients other runs hold
 * until they finish or their leases run out.
 */
export async function runDigest(options: DigestRunOptions): Promise<DigestReport> {
  const started = performance.now();
  const settings = { ...DEFAULTS, ...stripUndefined(options) };
  const { db, transport, log, signal } = options;
  const audience = options.audience ?? readersAudience;
  const table = audience.deliveries;
  const { noun } = audience;
  const runId = randomUUID();
  const week = digestWeekOf(options.now ?? new Date());
  const report: DigestReport = {
    recipients: noun,
    week: week.label,
    trigger: options.trigger,
    enrolled: 0,
    sent: 0,
    empty: 0,
    unsubscribed: 0,
    failed: 0,
    postponed: 0,
    resent: 0,
    lostLeases: 0,
    articles: 0,
    summaries: 0,
    summaryFailures: 0,
    durationMs: 0,
  };
  if (options.enrol !== false) report.enrolled = await audience.enrol(db, week.monday);
  const total = (await openDeliveries(db, table, week.monday)).open;
  if (total === 0) {
    report.durationMs = Math.round(performance.now() - started);
    log.info({}, describeReport(report, 0));
    return report;
  }
  const candidates = await loadCandidates(db, week.since, week.until);
  report.articles = candidates.length;
  const context: DigestContext = {
    candidates,
    summary: summaryCache(options.summaryFor, log, report),
    week,
    publicUrl: options.publicUrl,
    unsubscribeKey: options.unsubscribeKey,
  };
  if (!options.publicUrl.startsWith('https:')) {
    log.warn(
      {},
      'Digest: PUBLIC_URL is not https, so the digests carry no one-click unsubscribe (RFC 8058)',
    );
  }
  log.info(
    {},
    `Digest week ${week.label} (${options.trigger}): ${total} ${noun} to do, ` +
      `${candidates.length} new articles`,
  );

  const finished = () => report.sent + report.empty + report.unsubscribed + report.failed;
  let lastProgress = performance.now();
  const progress = () => {
    if (performance.now() - lastProgress < PROGRESS_EVERY_MS) return;
    lastProgress = performance.now();
    log.info(
      {},
      `Digest week ${week.label}: ${finished()}/${total} ${noun} done (${report.sent} sent, ${report.empty} with nothing new)`,
    );
  };

  const handle = async (claimed: ClaimedDelivery, recipients: Map<number, DigestRecipient>) => {
    const delivery = { id: claimed.id, monday: week.monday, runId };
    const who = `${noun.replace(/s$/, '')} ${claimed.id}`;
    await options.onStep?.('claimed', claimed.id);
    const recipient = recipients.get(claimed.id);
    if (!recipient?.active) {
      await finishDelivery(db, table, delivery, 'unsubscribed');
      report.unsubscribed += 1;
      return;
    }
    if (claimed.attempts > settings.maxAttempts) {
      await finishDelivery(
        db,
        table,
        delivery,
        'failed',
        `gave up after ${settings.maxAttempts} attempts`,
      );
      report.failed += 1;
      log.warn({}, `Digest: gave up on ${who} after ${settings.maxAttempts} attempts`);
      return;
    }
    const built = await recipient.build(context);
    if (!built) {
      await finishDelivery(db, table, delivery, 'empty');
      report.empty += 1;
      return;
    }
    await options.onStep?.('built', claimed.id);
    const details = { messageId: built.mail.messageId, postIds: built.postIds };

    if (transport.transactional) {
      const held = await db.transaction(async (tx) => {
        if (!(await markSentIfHeld(tx, table, delivery, details))) return false;
        await transport.send(built.mail, tx);
        return true;
      });
      if (!held) {
        report.lostLeases += 1;
        return;
      }
      report.sent += 1;
      await options.onStep?.('sent', claimed.id);
      return;
    }

    if (
      !(await markSending(db, table, delivery, { ...details, leaseSeconds: settings.leaseSeconds }))
    ) {
      report.lostLeases += 1;
      log.warn({}, `Digest: the lease on ${who} ran out before sending; left to its holder`);
      return;
    }
    if (claimed.previousStatus === 'sending') {
      report.resent += 1;
      log.warn(
        {},
        `Digest: resending ${who}'s digest, whose earlier hand-over was interrupted (same Message-ID)`,
      );
    }
    try {
      await transport.send(built.mail);
    } catch (caught) {
      const error = caught as SmtpLikeError;
      const reason =
        `${error.code ?? 'ERROR'} ${error.responseCode ?? ''} ${error.message ?? ''}`.trim();
      if ((error.responseCode ?? 0) >= 500) {
        await finishDelivery(db, table, delivery, 'failed', reason);
        report.failed += 1;
        log.warn({}, `Digest: the mail server refused ${who}'s digest: ${reason}`);
      } else {
        const status = surelyNotAccepted(error) ? 'pending' : 'sending';
        await postponeDelivery(db, table, delivery, status, settings.retrySeconds, reason);
        report.postponed += 1;
        log.warn({}, `Digest: sending ${who}'s digest failed, retrying later: ${reason}`);
      }
      return;
    }
    await options.onStep?.('sent', claimed.id);
    await markSent(db, table, delivery);
    report.sent += 1;
  };

  try {
    while (!signal?.aborted) {
      const claimed = await claimDeliveries(
        db,
        table,
        week.monday,
        runId,
        settings.leaseSeconds,
        settings.batchSize,
      );
      if (claimed.length === 0) {
        // Nothing free: done, or other runs (or retries waiting out their delay) hold the rest.
        const { open, nextFree } = await openDeliveries(db, table, week.monday);
        if (open === 0) break;
        const untilFree = nextFree ? nextFree.getTime() - Date.now() + 50 : settings.pollMs;
        await sleep(Math.min(Math.max(untilFree, 50), settings.pollMs), undefined, {
          signal,
        }).catch(() => undefined);
        continue;
      }
      const recipients = await audience.recipients(
        db,
        claimed.map((delivery) => delivery.id),
        candidates,
      );
      await eachLimited(claimed, transport.concurrency, (delivery) => handle(delivery, recipients));
      progress();
    }
  } finally {
    report.durationMs = Math.round(performance.now() - started);
    log.info({}, describeReport(report, total));
  }
  return report;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined),
  ) as Partial<T>;
}

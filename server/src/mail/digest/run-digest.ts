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
  type ClaimedDelivery,
} from '../../db/digest-deliveries.js';
import { digestReaders, type DigestReader } from '../../db/digest-readers.js';
import type { Log } from '../../lib/log.js';
import {
  digestHeaders,
  digestMessageId,
  renderDigest,
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
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe-token.js';

export type SummaryFor = (postId: number) => Promise<Summary | null>;

export type DigestTrigger = 'schedule' | 'start' | 'admin';

/** Where a run can be stopped in tests, as a crash would stop it there. */
export type DigestStep = 'claimed' | 'built' | 'sent';

export interface DigestRunOptions {
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
  /** Tests only: a throw here ends the run at once, without another database write for that reader. */
  onStep?: (step: DigestStep, userId: number) => void | Promise<void>;
}

export interface DigestReport {
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
    `Digest run (${report.trigger}) week ${report.week}: ${total} readers in ` +
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

/** What one reader's digest holds, or null when there is nothing new for them. */
export async function buildDigest(options: {
  reader: { userId: number; email: string; name: string } & ReaderInterests;
  candidates: readonly CandidateArticle[];
  summary: (postId: number) => Promise<Summary | null>;
  week: DigestWeek;
  publicUrl: string;
  unsubscribeKey: Buffer;
}): Promise<{ mail: DigestMail; postIds: number[] } | null> {
  const { reader, week, publicUrl } = options;
  const articles = pickArticles(options.candidates, reader);
  if (articles.length === 0) return null;
  const entries: DigestEntry[] = await Promise.all(
    articles.map(async (article) => ({ article, summary: await options.summary(article.postId) })),
  );
  const link = unsubscribeUrl(publicUrl, unsubscribeToken(options.unsubscribeKey, reader.userId));
  const content = renderDigest({
    readerName: reader.name,
    week,
    entries,
    publicUrl,
    unsubscribeUrl: link,
  });
  return {
    mail: {
      ...content,
      to: reader.email,
      messageId: digestMessageId(publicUrl, week, reader.userId),
      headers: digestHeaders(publicUrl, link),
    },
    postIds: articles.map((article) => article.postId),
  };
}

/**
 * One digest run for the week of `now`: enrols the weekly readers, then claims them in batches
 * and hands each one digest to the transport, recording every step in digest_deliveries so that
 * a rerun (after a crash, or beside another run) sends nobody a second digest for the week.
 * Waits for readers other runs hold until they finish or their leases run out.
 */
export async function runDigest(options: DigestRunOptions): Promise<DigestReport> {
  const started = performance.now();
  const settings = { ...DEFAULTS, ...stripUndefined(options) };
  const { db, transport, log, signal } = options;
  const runId = randomUUID();
  const week = digestWeekOf(options.now ?? new Date());
  const report: DigestReport = {
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
  if (options.enrol !== false) report.enrolled = await enrolReaders(db, week.monday);
  const total = (await openDeliveries(db, week.monday)).open;
  if (total === 0) {
    report.durationMs = Math.round(performance.now() - started);
    log.info({}, describeReport(report, 0));
    return report;
  }
  const candidates = await loadCandidates(db, week.since, week.until);
  report.articles = candidates.length;
  const summary = summaryCache(options.summaryFor, log, report);
  if (!options.publicUrl.startsWith('https:')) {
    log.warn(
      {},
      'Digest: PUBLIC_URL is not https, so the digests carry no one-click unsubscribe (RFC 8058)',
    );
  }
  log.info(
    {},
    `Digest week ${week.label} (${options.trigger}): ${total} readers to do, ` +
      `${candidates.length} new articles`,
  );

  const finished = () => report.sent + report.empty + report.unsubscribed + report.failed;
  let lastProgress = performance.now();
  const progress = () => {
    if (performance.now() - lastProgress < PROGRESS_EVERY_MS) return;
    lastProgress = performance.now();
    log.info(
      {},
      `Digest week ${week.label}: ${finished()}/${total} readers done (${report.sent} sent, ${report.empty} with nothing new)`,
    );
  };

  const handle = async (claimed: ClaimedDelivery, readers: Map<number, DigestReader>) => {
    const delivery = { userId: claimed.userId, monday: week.monday, runId };
    await options.onStep?.('claimed', claimed.userId);
    const reader = readers.get(claimed.userId);
    if (!reader || !reader.weekly) {
      await finishDelivery(db, delivery, 'unsubscribed');
      report.unsubscribed += 1;
      return;
    }
    if (claimed.attempts > settings.maxAttempts) {
      await finishDelivery(
        db,
        delivery,
        'failed',
        `gave up after ${settings.maxAttempts} attempts`,
      );
      report.failed += 1;
      log.warn(
        {},
        `Digest: gave up on reader ${reader.userId} after ${settings.maxAttempts} attempts`,
      );
      return;
    }
    const built = await buildDigest({
      reader,
      candidates,
      summary,
      week,
      publicUrl: options.publicUrl,
      unsubscribeKey: options.unsubscribeKey,
    });
    if (!built) {
      await finishDelivery(db, delivery, 'empty');
      report.empty += 1;
      return;
    }
    await options.onStep?.('built', claimed.userId);
    const details = { messageId: built.mail.messageId, postIds: built.postIds };

    if (transport.transactional) {
      const held = await db.transaction(async (tx) => {
        if (!(await markSentIfHeld(tx, delivery, details))) return false;
        await transport.send(built.mail, tx);
        return true;
      });
      if (!held) {
        report.lostLeases += 1;
        return;
      }
      report.sent += 1;
      await options.onStep?.('sent', claimed.userId);
      return;
    }

    if (!(await markSending(db, delivery, { ...details, leaseSeconds: settings.leaseSeconds }))) {
      report.lostLeases += 1;
      log.warn(
        {},
        `Digest: the lease on reader ${reader.userId} ran out before sending; left to its holder`,
      );
      return;
    }
    if (claimed.previousStatus === 'sending') {
      report.resent += 1;
      log.warn(
        {},
        `Digest: resending reader ${reader.userId}'s digest, whose earlier hand-over was interrupted (same Message-ID)`,
      );
    }
    try {
      await transport.send(built.mail);
    } catch (caught) {
      const error = caught as SmtpLikeError;
      const reason =
        `${error.code ?? 'ERROR'} ${error.responseCode ?? ''} ${error.message ?? ''}`.trim();
      if ((error.responseCode ?? 0) >= 500) {
        await finishDelivery(db, delivery, 'failed', reason);
        report.failed += 1;
        log.warn({}, `Digest: the mail server refused reader ${reader.userId}'s digest: ${reason}`);
      } else {
        const status = surelyNotAccepted(error) ? 'pending' : 'sending';
        await postponeDelivery(db, delivery, status, settings.retrySeconds, reason);
        report.postponed += 1;
        log.warn(
          {},
          `Digest: sending reader ${reader.userId}'s digest failed, retrying later: ${reason}`,
        );
      }
      return;
    }
    await options.onStep?.('sent', claimed.userId);
    await markSent(db, delivery);
    report.sent += 1;
  };

  try {
    while (!signal?.aborted) {
      const claimed = await claimDeliveries(
        db,
        week.monday,
        runId,
        settings.leaseSeconds,
        settings.batchSize,
      );
      if (claimed.length === 0) {
        // Nothing free: done, or other runs (or retries waiting out their delay) hold the rest.
        const { open, nextFree } = await openDeliveries(db, week.monday);
        if (open === 0) break;
        const untilFree = nextFree ? nextFree.getTime() - Date.now() + 50 : settings.pollMs;
        await sleep(Math.min(Math.max(untilFree, 50), settings.pollMs), undefined, {
          signal,
        }).catch(() => undefined);
        continue;
      }
      const readers = await digestReaders(
        db,
        claimed.map((delivery) => delivery.userId),
      );
      await eachLimited(claimed, transport.concurrency, (delivery) => handle(delivery, readers));
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

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
  type DigestSection,
} from './digest-mail.js';
import { savedSearchSections } from './saved-search-sections.js';
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

/** A section of a reader's digest before its summaries: a saved search and its week's matches. */
export interface SectionArticles {
  title: string;
  pageUrl: string;
  articles: readonly CandidateArticle[];
}

/**
 * The digest e-mail of `articles` (best first) and of any `sections` to `to`, with their
 * summaries, the recipient's unsubscribe link and the list headers; null when there is no article.
 */
export async function composeDigest(
  context: DigestContext,
  articles: readonly CandidateArticle[],
  recipient: { to: string; about: DigestAbout; unsubscribe: UnsubscribeTarget },
  sectionArticles: readonly SectionArticles[] = [],
): Promise<BuiltDigest | null> {
  const filled = sectionArticles.filter((section) => section.articles.length > 0);
  if (articles.length === 0 && filled.length === 0) return null;
  const { week, publicUrl } = context;
  const { to, about, unsubscribe } = recipient;
  const entriesOf = (list: readonly CandidateArticle[]): Promise<DigestEntry[]> =>
    Promise.all(
      list.map(async (article) => ({ article, summary: await context.summary(article.postId) })),
    );
  const entries = await entriesOf(articles);
  const sections: DigestSection[] = await Promise.all(
    filled.map(async (section) => ({ ...section, entries: await entriesOf(section.articles) })),
  );
  const link = unsubscribeUrl(
    publicUrl,
    unsubscribeToken(context.unsubscribeKey, unsubscribe.id, unsubscribe.kind),
  );
  const content = renderDigest({ about, week, entries, sections, publicUrl, unsubscribeUrl: link });
  return {
    mail: {
      ...content,
      to,
      messageId: digestMessageId(publicUrl, week, recipientKey(unsubscribe)),
      headers: digestHeaders(publicUrl, link, about),
    },
    postIds: [...articles, ...filled.flatMap((section) => section.articles)].map(
      (article) => article.postId,
    ),
  };
}

/**
 * What one reader's digest holds (their topics' and sources' articles, then the week's matches of
 * each saved search they put in it), or null when there is nothing new for them.
 */
export function buildDigest(
  options: {
    reader: { userId: number; email: string; name: string } & ReaderInterests;
    savedSearches?: readonly SectionArticles[];
  } & DigestContext,
): Promise<BuiltDigest | null> {
  const { reader } = options;
  return composeDigest(
    options,
    pickArticles(options.candidates, reader),
    {
      to: reader.email,
      about: { kind: 'reader', name: reader.name },
      unsubscribe: { kind: 'reader', id: reader.userId },
    },
    options.savedSearches,
  );
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
        {
          active: reader.weekly,
          build: async (context) =>
            buildDigest({
              reader,
              savedSearches: await savedSearchSections(db, reader.userId, context),
              ...context,
            }),
        },
      ]),
    );
  },
};

/** What the steps of one run share: its options, settings, audience, week and report. */
interface DigestRun {
  options: DigestRunOptions;
  settings: typeof DEFAULTS;
  audience: DigestAudience;
  runId: string;
  week: DigestWeek;
  report: DigestReport;
  started: number;
}

function startRun(options: DigestRunOptions): DigestRun {
  const audience = options.audience ?? readersAudience;
  const week = digestWeekOf(options.now ?? new Date());
  return {
    options,
    settings: { ...DEFAULTS, ...stripUndefined(options) },
    audience,
    runId: randomUUID(),
    week,
    report: {
      recipients: audience.noun,
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
    },
    started: performance.now(),
  };
}

/** Logs the run's summary line with its duration. */
function finishRun(run: DigestRun, total: number): DigestReport {
  run.report.durationMs = Math.round(performance.now() - run.started);
  run.options.log.info({}, describeReport(run.report, total));
  return run.report;
}

/** The week's new articles and what every recipient's digest is built from. */
async function prepareContext(run: DigestRun, total: number): Promise<DigestContext> {
  const { options, week, report, audience } = run;
  const candidates = await loadCandidates(options.db, week.since, week.until);
  report.articles = candidates.length;
  if (!options.publicUrl.startsWith('https:')) {
    options.log.warn(
      {},
      'Digest: PUBLIC_URL is not https, so the digests carry no one-click unsubscribe (RFC 8058)',
    );
  }
  options.log.info(
    {},
    `Digest week ${week.label} (${options.trigger}): ${total} ${audience.noun} to do, ` +
      `${candidates.length} new articles`,
  );
  return {
    candidates,
    summary: summaryCache(options.summaryFor, options.log, report),
    week,
    publicUrl: options.publicUrl,
    unsubscribeKey: options.unsubscribeKey,
  };
}

/** A progress line at most every PROGRESS_EVERY_MS, called after each batch. */
function progressLogger(run: DigestRun, total: number): () => void {
  const { report, week, audience } = run;
  let lastProgress = performance.now();
  return () => {
    if (performance.now() - lastProgress < PROGRESS_EVERY_MS) return;
    lastProgress = performance.now();
    const finished = report.sent + report.empty + report.unsubscribed + report.failed;
    run.options.log.info(
      {},
      `Digest week ${week.label}: ${finished}/${total} ${audience.noun} done (${report.sent} sent, ${report.empty} with nothing new)`,
    );
  };
}

/** One claimed delivery of a run, with its recipient's name in logs ("reader 12"). */
interface Claim {
  claimed: ClaimedDelivery;
  delivery: { id: number; monday: string; runId: string };
  who: string;
}

/** Fails a delivery claimed more than `maxAttempts` times; false when it may be tried. */
async function gaveUpOn(run: DigestRun, { claimed, delivery, who }: Claim): Promise<boolean> {
  const { options, settings } = run;
  if (claimed.attempts <= settings.maxAttempts) return false;
  await finishDelivery(
    options.db,
    run.audience.deliveries,
    delivery,
    'failed',
    `gave up after ${settings.maxAttempts} attempts`,
  );
  run.report.failed += 1;
  options.log.warn({}, `Digest: gave up on ${who} after ${settings.maxAttempts} attempts`);
  return true;
}

/**
 * A transport that writes in the database (the outbox) sends in the transaction that marks the
 * delivery sent, if this run still holds it.
 */
async function sendInTransaction(run: DigestRun, { claimed, delivery }: Claim, built: BuiltDigest) {
  const { options, report } = run;
  const details = { messageId: built.mail.messageId, postIds: built.postIds };
  const held = await options.db.transaction(async (tx) => {
    if (!(await markSentIfHeld(tx, run.audience.deliveries, delivery, details))) return false;
    await options.transport.send(built.mail, tx);
    return true;
  });
  if (!held) {
    report.lostLeases += 1;
    return;
  }
  report.sent += 1;
  await options.onStep?.('sent', claimed.id);
}

/**
 * Any other transport (SMTP): the delivery is marked 'sending' with its Message-ID first, so a run
 * that stops during the hand-over resends the same message; then sent, then marked sent.
 */
async function sendThenMark(run: DigestRun, claim: Claim, built: BuiltDigest) {
  const { options, settings, report } = run;
  const { claimed, delivery, who } = claim;
  const table = run.audience.deliveries;
  const details = { messageId: built.mail.messageId, postIds: built.postIds };
  if (
    !(await markSending(options.db, table, delivery, {
      ...details,
      leaseSeconds: settings.leaseSeconds,
    }))
  ) {
    report.lostLeases += 1;
    options.log.warn({}, `Digest: the lease on ${who} ran out before sending; left to its holder`);
    return;
  }
  if (claimed.previousStatus === 'sending') {
    report.resent += 1;
    options.log.warn(
      {},
      `Digest: resending ${who}'s digest, whose earlier hand-over was interrupted (same Message-ID)`,
    );
  }
  try {
    await options.transport.send(built.mail);
  } catch (caught) {
    await recordFailedHandOver(run, claim, caught as SmtpLikeError);
    return;
  }
  await options.onStep?.('sent', claimed.id);
  await markSent(options.db, table, delivery);
  report.sent += 1;
}

/** A refusal (5xx) fails the delivery; anything else is tried again after `retrySeconds`. */
async function recordFailedHandOver(
  run: DigestRun,
  { delivery, who }: Claim,
  error: SmtpLikeError,
) {
  const { options, settings, report } = run;
  const table = run.audience.deliveries;
  const reason =
    `${error.code ?? 'ERROR'} ${error.responseCode ?? ''} ${error.message ?? ''}`.trim();
  if ((error.responseCode ?? 0) >= 500) {
    await finishDelivery(options.db, table, delivery, 'failed', reason);
    report.failed += 1;
    options.log.warn({}, `Digest: the mail server refused ${who}'s digest: ${reason}`);
  } else {
    const status = surelyNotAccepted(error) ? 'pending' : 'sending';
    await postponeDelivery(options.db, table, delivery, status, settings.retrySeconds, reason);
    report.postponed += 1;
    options.log.warn({}, `Digest: sending ${who}'s digest failed, retrying later: ${reason}`);
  }
}

/**
 * Settles one claimed delivery: its recipient unsubscribed, given up on, nothing new for them, or
 * their digest built and handed to the transport.
 */
async function deliver(
  run: DigestRun,
  context: DigestContext,
  claimed: ClaimedDelivery,
  recipients: Map<number, DigestRecipient>,
) {
  const { options } = run;
  const claim: Claim = {
    claimed,
    delivery: { id: claimed.id, monday: run.week.monday, runId: run.runId },
    who: `${run.audience.noun.replace(/s$/, '')} ${claimed.id}`,
  };
  await options.onStep?.('claimed', claimed.id);
  const recipient = recipients.get(claimed.id);
  if (!recipient?.active) {
    await finishDelivery(options.db, run.audience.deliveries, claim.delivery, 'unsubscribed');
    run.report.unsubscribed += 1;
    return;
  }
  if (await gaveUpOn(run, claim)) return;
  const built = await recipient.build(context);
  if (!built) {
    await finishDelivery(options.db, run.audience.deliveries, claim.delivery, 'empty');
    run.report.empty += 1;
    return;
  }
  await options.onStep?.('built', claimed.id);
  if (options.transport.transactional) await sendInTransaction(run, claim, built);
  else await sendThenMark(run, claim, built);
}

/**
 * Claims the week's open deliveries in batches and settles each, until none is open or the run
 * is stopped; waits for deliveries other runs hold until they finish or their leases run out.
 */
async function deliverAll(run: DigestRun, context: DigestContext, total: number) {
  const { options, settings, audience, week } = run;
  const { db, signal } = options;
  const progress = progressLogger(run, total);
  while (!signal?.aborted) {
    const claimed = await claimDeliveries(
      db,
      audience.deliveries,
      week.monday,
      run.runId,
      settings.leaseSeconds,
      settings.batchSize,
    );
    if (claimed.length === 0) {
      // Nothing free: done, or other runs (or retries waiting out their delay) hold the rest.
      const { open, nextFree } = await openDeliveries(db, audience.deliveries, week.monday);
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
      context.candidates,
    );
    await eachLimited(claimed, options.transport.concurrency, (delivery) =>
      deliver(run, context, delivery, recipients),
    );
    progress();
  }
}

/**
 * One digest run for the week of `now` for one audience (the weekly readers unless told): enrols
 * its recipients, then claims them in batches and hands each one digest to the transport,
 * recording every step in the audience's delivery table so that a rerun (after a crash, or beside
 * another run) sends nobody a second digest for the week. Waits for recipients other runs hold
 * until they finish or their leases run out.
 */
export async function runDigest(options: DigestRunOptions): Promise<DigestReport> {
  const run = startRun(options);
  const { db } = options;
  if (options.enrol !== false) {
    run.report.enrolled = await run.audience.enrol(db, run.week.monday);
  }
  const total = (await openDeliveries(db, run.audience.deliveries, run.week.monday)).open;
  if (total === 0) return finishRun(run, 0);
  const context = await prepareContext(run, total);
  try {
    await deliverAll(run, context, total);
  } finally {
    finishRun(run, total);
  }
  return run.report;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined),
  ) as Partial<T>;
}

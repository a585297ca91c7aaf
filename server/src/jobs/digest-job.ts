import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AccountsConfig } from '../accounts/accounts-config.js';
import type { Db } from '../db/db.js';
import {
  openDeliveries,
  READER_DELIVERIES,
  SUBSCRIPTION_DELIVERIES,
} from '../db/digest-deliveries.js';
import { previewReader } from '../db/digest-readers.js';
import type { Log } from '../lib/log.js';
import {
  semanticSearchLoader,
  type EmbedderConfig,
} from '../intelligence/embeddings/semantic-service.js';
import { readyIndexes, type SearchIndexes } from '../intelligence/search/hybrid-search.js';
import { LexicalIndex } from '../intelligence/search/lexical/lexical-index.js';
import { similarToSeeds } from '../intelligence/search/similar-to-seeds.js';
import { subscriptionAudience, type SimilarToSeeds } from '../mail/digest/subscription-digest.js';
import {
  createDigestTransport,
  type DigestTransport,
  type DigestTransportConfig,
} from '../mail/digest/digest-transport.js';
import { digestWeekOf } from '../mail/digest/digest-week.js';
import {
  buildDigest,
  readersAudience,
  runDigest,
  type DigestReport,
  type DigestTrigger,
  type SummaryFor,
} from '../mail/digest/run-digest.js';
import { loadCandidates } from '../db/digest-articles.js';
import { sendSavedSearchAlerts } from '../mail/digest/saved-search-alerts.js';
import { savedSearchSections } from '../mail/digest/saved-search-sections.js';
import { deriveUnsubscribeKey } from '../mail/digest/unsubscribe-token.js';
import { serverSecret, type ServerSecretConfig } from '../lib/secrets.js';

/**
 * What the digest and the saved searches' alerts read of the configuration: the transport, the
 * unsubscribe key's secret, the embedding model (a collection's more-like-this), the site's address.
 */
export type DigestJobConfig = DigestTransportConfig &
  ServerSecretConfig &
  EmbedderConfig & { accounts: Pick<AccountsConfig, 'publicUrl'> };

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

/**
 * More-like-this over this process's own search indexes, loaded on the first collection digest
 * of the run only (a worker keeps no index otherwise).
 */
function similarOnDemand(db: Db, config: EmbedderConfig, log: Log): SimilarToSeeds {
  let indexes: Promise<SearchIndexes> | undefined;
  return async (seeds, among) => {
    indexes ??= readyIndexes(new LexicalIndex(db), semanticSearchLoader(config, db, log));
    return similarToSeeds(db, await indexes, seeds, among);
  };
}

/**
 * One digest run with the configured transport, as the scheduler and `admin digest` run it: the
 * readers' digests, then the topic and collection subscriptions' (one report each).
 */
export async function digestOnce(
  db: Db,
  config: DigestJobConfig,
  log: Log,
  options: DigestOnceOptions,
): Promise<DigestReport[]> {
  const transport = options.transport ?? createDigestTransport(config);
  const unsubscribeKey = deriveUnsubscribeKey(await serverSecret(config));
  try {
    const reports: DigestReport[] = [];
    for (const audience of [
      readersAudience,
      subscriptionAudience(similarOnDemand(db, config, log)),
    ]) {
      reports.push(
        await runDigest({
          audience,
          db,
          transport,
          summaryFor: options.summaryFor,
          unsubscribeKey,
          publicUrl: config.accounts.publicUrl,
          log,
          trigger: options.trigger,
          enrol: options.enrol,
          signal: options.signal,
          now: options.now,
        }),
      );
    }
    return reports;
  } finally {
    if (!options.transport) transport.close();
  }
}

/**
 * The saved searches' e-mail alerts (docs/decisions/0040-saved-searches.md), with the configured
 * transport and the digest's unsubscribe key, as the worker runs them after every crawl.
 */
export async function alertSavedSearches(
  db: Db,
  config: DigestJobConfig,
  log: Log,
): Promise<number> {
  const transport = createDigestTransport(config);
  try {
    return await sendSavedSearchAlerts({
      db,
      transport,
      unsubscribeKey: deriveUnsubscribeKey(await serverSecret(config)),
      publicUrl: config.accounts.publicUrl,
      log,
    });
  } finally {
    transport.close();
  }
}

/** Whether a run of this week stopped before finishing (a worker resumes it at start). */
export async function hasUnfinishedDigest(db: Db, now = new Date()): Promise<boolean> {
  const { monday } = digestWeekOf(now);
  for (const table of [READER_DELIVERIES, SUBSCRIPTION_DELIVERIES]) {
    if ((await openDeliveries(db, table, monday)).open > 0) return true;
  }
  return false;
}

export interface DigestPreview {
  email: string;
  weekly: boolean;
  /** Undefined when the reader has nothing new this week (no e-mail would be sent). */
  mail?: { subject: string; text: string; headers: Record<string, string>; messageId: string };
  htmlFile?: string;
  articles: number;
}

/**
 * The digest `email` (or else the first weekly reader) would get now, built exactly as a run
 * builds it but neither sent nor recorded; the HTML part is written to DATA_DIR/digest-preview/.
 */
export async function previewDigest(
  db: Db,
  config: DigestJobConfig,
  options: { email?: string; summaryFor: SummaryFor; now?: Date },
): Promise<DigestPreview | undefined> {
  const week = digestWeekOf(options.now ?? new Date());
  const candidates = await loadCandidates(db, week.since, week.until);
  const reader = await previewReader(
    db,
    options.email,
    candidates.map((candidate) => candidate.postId),
  );
  if (!reader) return undefined;
  const publicUrl = config.accounts.publicUrl;
  const built = await buildDigest({
    reader,
    savedSearches: await savedSearchSections(db, reader.userId, { candidates, publicUrl }),
    candidates,
    summary: (postId) => options.summaryFor(postId).catch(() => null),
    week,
    publicUrl,
    unsubscribeKey: deriveUnsubscribeKey(await serverSecret(config)),
  });
  const preview: DigestPreview = {
    email: reader.email,
    weekly: reader.weekly,
    articles: built?.postIds.length ?? 0,
  };
  if (!built) return preview;
  const dir = join(config.dataDir, 'digest-preview');
  await mkdir(dir, { recursive: true });
  preview.htmlFile = join(dir, `digest-${week.monday}-${reader.userId}.html`);
  await writeFile(preview.htmlFile, built.mail.html, { mode: 0o600 });
  preview.mail = {
    subject: built.mail.subject,
    text: built.mail.text,
    headers: built.mail.headers,
    messageId: built.mail.messageId,
  };
  return preview;
}

import { searchPagePath } from '@blogstream/shared/contract';
import type { Db } from '../../db/db.js';
import { articlesForMail } from '../../db/digest-articles.js';
import {
  alertsDue,
  claimAlert,
  newMatchIds,
  releaseAlert,
  type AlertDue,
} from '../../db/saved-searches.js';
import type { Log } from '../../lib/log.js';
import type { DigestTransport } from './digest-transport.js';
import { digestWeekOf } from './digest-week.js';
import { composeDigest } from './run-digest.js';

/** An alert lists at most this many new matches, newest first. */
export const ALERT_ARTICLES = 10;

export interface AlertRunOptions {
  db: Db;
  transport: DigestTransport;
  /** Signs the one-click unsubscribe links (deriveUnsubscribeKey), as the digest's. */
  unsubscribeKey: Buffer;
  publicUrl: string;
  log: Log;
}

/** The alert's Message-ID: one per saved search and newest match, so a resend is the same. */
function alertMessageId(publicUrl: string, search: AlertDue, newest: number): string {
  return `<alert-q${search.savedSearchId}-${newest}@${new URL(publicUrl).hostname}>`;
}

/**
 * One saved search's alert: its new matches above its mark, claimed (the mark moved to the
 * newest) before the mail goes, so two runs never send the same matches; given back if the
 * transport refused it. True when a mail went.
 */
async function alertOne(options: AlertRunOptions, search: AlertDue): Promise<boolean> {
  const { db, publicUrl } = options;
  const ids = await newMatchIds(db, search, {
    above: search.alertedPostId,
    limit: ALERT_ARTICLES,
  });
  const newest = ids[0];
  if (newest === undefined) return false;
  if (!(await claimAlert(db, search.savedSearchId, search.alertedPostId, newest))) return false;
  const built = await composeDigest(
    {
      candidates: [],
      // An alert is short and immediate: each match with its description, no summary to wait for.
      summary: async () => null,
      week: { ...digestWeekOf(new Date()), since: new Date(Date.now() - 24 * 3600 * 1000) },
      publicUrl,
      unsubscribeKey: options.unsubscribeKey,
    },
    await articlesForMail(db, ids),
    {
      to: search.email,
      about: {
        kind: 'search',
        title: search.name,
        pageUrl: publicUrl + searchPagePath(search.query, search.filter),
      },
      unsubscribe: { kind: 'savedSearch', id: search.savedSearchId },
    },
  );
  if (!built) return false;
  try {
    await options.transport.send({
      ...built.mail,
      messageId: alertMessageId(publicUrl, search, newest),
    });
    return true;
  } catch (error) {
    await releaseAlert(db, search.savedSearchId, search.alertedPostId, newest);
    options.log.warn(
      {},
      `Saved search alerts: sending saved search ${search.savedSearchId}'s alert failed, ` +
        `retrying after the next crawl: ${error instanceof Error ? error.message : String(error)}`,
    );
    return false;
  }
}

/**
 * After a crawl (docs/decisions/0040-saved-searches.md): every saved search with its alert on,
 * of a reader with a verified address, not alerted in the last day, with new matches since its
 * last alert gets one e-mail listing them, with the digest's one-click unsubscribe. The number
 * of alerts sent.
 */
export async function sendSavedSearchAlerts(options: AlertRunOptions): Promise<number> {
  let sent = 0;
  for (const search of await alertsDue(options.db)) {
    if (await alertOne(options, search)) sent += 1;
  }
  if (sent > 0) options.log.info({}, `Saved search alerts: ${sent} sent`);
  return sent;
}

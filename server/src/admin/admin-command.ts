import type { AccountsConfig } from '../accounts/accounts-config.js';
import type { Db } from '../db/db.js';
import type { ContentJobsConfig } from '../jobs/content-jobs.js';
import { consoleLog, type Log } from '../lib/log.js';

/** What the commands read of the configuration: the worker's jobs', and the accounts' (mail). */
export type AdminConfig = ContentJobsConfig & { accounts: AccountsConfig };

/** One `npm run admin -- <name> [arguments]` command: a function of the database. */
export interface AdminCommand {
  summary: string;
  /**
   * Runs on the database as found. Every other command first applies pending migrations, as the
   * server does at start, so it works on a fresh DATA_DIR.
   */
  asFound?: boolean;
  run(db: Db, args: string[], config: AdminConfig): Promise<void>;
}

/** A mistake the operator can fix (a bad argument, an unknown id): shown without a stack trace. */
export class AdminCommandError extends Error {
  override name = 'AdminCommandError';
}

/**
 * What a long command (crawl, digest) writes on the console: its summary line is its output, so
 * info is written even when LOG_LEVEL=silent; detail (debug) and warnings as LOG_LEVEL says.
 */
export function adminLog(config: Pick<AdminConfig, 'logLevel'>): Log {
  return consoleLog(config.logLevel === 'silent' ? 'info' : config.logLevel);
}

import type { Config } from '../config.js';
import type { Db } from '../db/db.js';

/** One `npm run admin -- <name> [arguments]` command: a function of the database. */
export interface AdminCommand {
  summary: string;
  run(db: Db, args: string[], config: Config): Promise<void>;
}

/** A mistake the operator can fix (a bad argument, an unknown id): shown without a stack trace. */
export class AdminCommandError extends Error {
  override name = 'AdminCommandError';
}

import type { Queryable } from '../db/db.js';
import { sweepExpired } from '../db/expired-rows.js';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Sweeps expired rows (sweepExpired) every hour; the returned function stops it. Idempotent, so
 * every process may run it.
 */
export function startSweeper(db: Queryable, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => void sweepExpired(db).catch(onError), SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

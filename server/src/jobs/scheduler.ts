import { Cron } from 'croner';

export interface Job {
  name: string;
  run(signal: AbortSignal): Promise<void>;
}

/**
 * Runs jobs now or on cron patterns (croner), never two runs of one job at once in this process
 * (jobs that must not overlap across processes coordinate through the database, as the crawler's
 * leases do). stop() cancels the timers, aborts running jobs and waits for them to end.
 */
export class Scheduler {
  private readonly crons: Cron[] = [];
  private readonly running = new Map<string, Promise<void>>();
  private readonly abort = new AbortController();

  constructor(private readonly onError: (job: Job, error: unknown) => void) {}

  /** Starts `job` unless it is already running; resolves when that run ends. */
  runNow(job: Job): Promise<void> {
    const current = this.running.get(job.name);
    if (current) return current;
    if (this.abort.signal.aborted) return Promise.resolve();
    const run = job
      .run(this.abort.signal)
      .catch((error: unknown) => this.onError(job, error))
      .finally(() => this.running.delete(job.name));
    this.running.set(job.name, run);
    return run;
  }

  every(pattern: string, job: Job): void {
    // Patterns are read in UTC, so a schedule means the same on every machine.
    this.crons.push(
      new Cron(pattern, { name: job.name, timezone: 'UTC' }, () => void this.runNow(job)),
    );
  }

  async stop(): Promise<void> {
    for (const cron of this.crons) cron.stop();
    this.abort.abort();
    await Promise.allSettled([...this.running.values()]);
  }
}

import type { Log } from './log.js';

export interface BackgroundTasks {
  /**
   * Runs `task` without making the caller wait: an answer must not depend on whether, or how
   * fast, an e-mail went out (enumeration by timing). A failure is logged.
   */
  run(what: string, task: () => Promise<void>): void;
  /** Waits for every task still running (at shutdown). */
  drain(): Promise<void>;
}

export function createBackgroundTasks(log: Log): BackgroundTasks {
  const running = new Set<Promise<void>>();
  return {
    run: (what, task) => {
      const done = task()
        .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
        .finally(() => running.delete(done));
      running.add(done);
    },
    drain: async () => {
      while (running.size > 0) await Promise.all(running);
    },
  };
}

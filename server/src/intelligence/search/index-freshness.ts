/**
 * Resolves on the next turn of the event loop, after pending I/O. A long load made only of
 * promise steps (the embedded database answers on this thread) would otherwise hold off every
 * request, and even the server's listening, until it ends.
 */
export function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** How stale an in-process index may be before a search refreshes it in the background. */
const REFRESH_AFTER_MS = 3000;
/**
 * An index no search has touched for this long is refreshed before it answers: a crawl or an
 * embedding run may have added articles meanwhile.
 */
const WAIT_WHEN_IDLE_MS = 10_000;

/**
 * Keeps an in-process index following the database. Concurrent refreshes share one load. The
 * first load is awaited, and so is a refresh when `hasNewRows` says rows were written past what
 * the index holds (a cheap indexed query) or the index sat idle; otherwise a stale index
 * refreshes in the background every few seconds (deletions, late commits).
 */
export class IndexRefresher {
  private refreshedAt = 0;
  private refreshing: Promise<void> | null = null;

  constructor(
    private readonly load: () => Promise<void>,
    private readonly hasNewRows: () => Promise<boolean> = () => Promise.resolve(false),
  ) {}

  refresh(): Promise<void> {
    this.refreshing ??= this.load().finally(() => {
      this.refreshing = null;
      this.refreshedAt = Date.now();
    });
    return this.refreshing;
  }

  async ready(): Promise<void> {
    const age = Date.now() - this.refreshedAt;
    if (this.refreshedAt === 0 || age > WAIT_WHEN_IDLE_MS || (await this.hasNewRows())) {
      await this.refresh();
    } else if (age > REFRESH_AFTER_MS) {
      void this.refresh().catch(() => undefined);
    }
  }
}

/**
 * An in-process index that follows the database (the lexical and the vector index): it loads
 * through an IndexRefresher and counts its changes, so rankings cached under its version stay
 * true. `hasNewRows` is the cheap check that makes a search wait for a refresh (none by default).
 */
export abstract class FollowingIndex {
  /** Bumped whenever an entry is added, replaced or dropped. */
  protected changes = 0;
  private readonly refresher = new IndexRefresher(
    () => this.load(),
    () => this.hasNewRows(),
  );

  /** Changes whenever an entry is added, replaced or dropped: rankings cached under it stay true. */
  get version(): number {
    return this.changes;
  }

  /** Loads what changed since the last refresh; concurrent callers share one refresh. */
  refresh(): Promise<void> {
    return this.refresher.refresh();
  }

  /**
   * Loaded, and refreshed when stale (IndexRefresher): an entry stored since the last refresh is
   * found by the next search, whichever process stored it.
   */
  ready(): Promise<void> {
    return this.refresher.ready();
  }

  protected abstract load(): Promise<void>;

  protected hasNewRows(): Promise<boolean> {
    return Promise.resolve(false);
  }
}

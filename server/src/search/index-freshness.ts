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

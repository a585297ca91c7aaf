import type { Log } from '../../lib/log.js';
import { readSnapshot, type Snapshot } from './index-snapshot.js';

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
 * How long a search waits for an index that is not ready before it answers without it (see
 * FollowingIndex.readyWithin): a restart restores the indexes within about a second.
 */
export const SEARCH_WAIT_MS = 2_000;

/** A snapshot of an index taken now, and how to write it (index-snapshot.ts). */
export interface SnapshotWrite {
  file: string;
  /** What it holds, for the log. */
  entries: number;
  write(): Promise<void>;
}

/**
 * An in-process index that follows the database (the lexical and the vector index): it loads
 * through an IndexRefresher and counts its changes, so rankings cached under its version stay
 * true. `hasNewRows` is the cheap check that makes a search wait for a refresh (none by default).
 * An index with a snapshot file saves itself there (save, flush) and restores from it at start
 * (docs/decisions/0024).
 */
export abstract class FollowingIndex {
  /** Bumped whenever an entry is added, replaced or dropped. */
  protected changes = 0;
  private firstLoadDone = false;
  private readonly refresher = new IndexRefresher(
    async () => {
      await this.load();
      this.firstLoadDone = true;
    },
    () => this.hasNewRows(),
  );
  private saving: Promise<void> | null = null;
  /** `changes` when the last snapshot was taken or restored. */
  private savedAt = 0;

  constructor(private readonly log?: Pick<Log, 'info' | 'warn'>) {}

  /** Changes whenever an entry is added, replaced or dropped: rankings cached under it stay true. */
  get version(): number {
    return this.changes;
  }

  /** Whether a load has ended well: until then searches answer without it (readiness, 0032). */
  get loaded(): boolean {
    return this.firstLoadDone;
  }

  /**
   * How long the oldest change in the database that the index does not hold yet has waited, in
   * seconds: 0 when it holds every change, null before its first load (metrics, decision 0032).
   */
  async secondsBehind(): Promise<number | null> {
    return this.loaded ? this.unheldChangeAge() : null;
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

  /**
   * Whether the index is ready (as ready()) within `ms`: a search that would wait longer for a
   * first load (a first start reads every article, a minute at 100,000) answers without it.
   */
  async readyWithin(ms: number): Promise<boolean> {
    if (!Number.isFinite(ms)) return this.ready().then(() => true);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    });
    try {
      return await Promise.race([this.ready().then(() => true), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Saves the index when it changed since its last snapshot, and resolves once the file is
   * written: at shutdown, so the next start restores what this one had.
   */
  async flush(): Promise<void> {
    await this.saving;
    if (this.changes !== this.savedAt) this.save();
    await this.saving;
  }

  /** Writes a snapshot in the background, one at a time, of what the index holds now. */
  protected save(): void {
    if (this.saving) return;
    const snapshot = this.snapshot();
    if (!snapshot) return;
    const { file, entries } = snapshot;
    const changes = this.changes;
    const started = performance.now();
    this.saving = snapshot
      .write()
      .then(() => {
        this.savedAt = changes;
        const ms = Math.round(performance.now() - started);
        this.log?.info({ file, entries, ms }, 'Saved a search index');
      })
      .catch((error: unknown) =>
        this.log?.warn({ err: error, file }, 'Saving a search index failed'),
      )
      .finally(() => {
        this.saving = null;
      });
  }

  /**
   * Restores the snapshot of `version` in `file`, if there is one, with `apply`: false when
   * there is none or `apply` finds it not of this database or newer than it. A restored snapshot
   * counts as saved.
   */
  protected async restoreFrom<Header>(
    file: string | undefined,
    version: number,
    apply: (snapshot: Snapshot<Header>, file: string) => Promise<boolean>,
  ): Promise<boolean> {
    if (!file) return false;
    const started = performance.now();
    const snapshot = await readSnapshot<Header>(file, version);
    if (!snapshot || !(await apply(snapshot, file))) return false;
    this.changes += 1;
    this.savedAt = this.changes;
    const ms = Math.round(performance.now() - started);
    this.log?.info({ file, ms }, 'Restored a search index');
    return true;
  }

  /** The snapshot to save now; null when the index has no file or nothing whole to save. */
  protected snapshot(): SnapshotWrite | null {
    return null;
  }

  protected abstract load(): Promise<void>;

  /** Age in seconds of the oldest change in the database the index does not hold; 0: none. */
  protected abstract unheldChangeAge(): Promise<number>;

  protected hasNewRows(): Promise<boolean> {
    return Promise.resolve(false);
  }
}

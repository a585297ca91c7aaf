import { LRUCache } from 'lru-cache';

export interface RankingCacheOptions<Ranking> {
  /** Rankings kept at most (least recently used go first). */
  max: number;
  /** A ranking is dropped this long after it was computed, whatever its key says. */
  ttlMs: number;
  /** With `bytesOf`: the bytes of rankings kept at most (least recently used go first). */
  maxBytes?: number;
  /** About how many bytes `ranking` holds in memory (counted under each key it is kept by). */
  bytesOf?: (ranking: Ranking) => number;
}

/**
 * Rankings kept per key (a query or an article, the snapshot and the index version), so the later
 * pages of one scroll, and the same search by other readers, are cut from one ranking instead of
 * ranking again. Concurrent requests for a missing key share one computation, which answers
 * them even when another ranking is kept under that key meanwhile; a failed one is not kept.
 */
export class RankingCache<Ranking extends object> {
  private readonly cache: LRUCache<string, Ranking, () => Promise<Ranking>>;

  constructor({ max, ttlMs, maxBytes, bytesOf }: RankingCacheOptions<Ranking>) {
    this.cache = new LRUCache({
      max,
      ttl: ttlMs,
      ...(maxBytes !== undefined && bytesOf ? { maxSize: maxBytes, sizeCalculation: bytesOf } : {}),
      fetchMethod: (_key, _stale, { context }) => context(),
      // A ranking set (or evicted) under a key while it is still being computed there does not
      // fail the requests waiting on that computation: they get the ranking it finishes with.
      ignoreFetchAbort: true,
    });
  }

  async get(key: string, rank: () => Promise<Ranking>): Promise<Ranking> {
    const ranking = await this.cache.fetch(key, { context: rank });
    // fetchMethod never resolves undefined, so neither does fetch.
    return ranking!;
  }

  /** Keeps `ranking` under `key` in place of what was there (a ranking redone mid-scroll). */
  set(key: string, ranking: Ranking): void {
    this.cache.set(key, ranking);
  }

  /**
   * The ranking of one reader's scroll (`scrollKey`: its snapshot and the time its first page was
   * read). Later pages are cut from the ranking the first page used, even when an index changed
   * in between: ranking again under the new index version would repeat or skip articles across
   * pages. The first page, or a later one whose scroll was dropped, takes the ranking under `key`.
   */
  async forScroll(
    scrollKey: string,
    firstPage: boolean,
    key: string,
    rank: () => Promise<Ranking>,
  ): Promise<Ranking> {
    const kept = firstPage ? undefined : this.cache.get(scrollKey);
    if (kept) return kept;
    const ranking = await this.get(key, rank);
    this.cache.set(scrollKey, ranking);
    return ranking;
  }
}

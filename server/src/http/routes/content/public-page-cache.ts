import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { FeedRequest } from '@blogstream/shared/contract';
import type { Db } from '../../../db/db.js';
import { publicContentVersion } from '../../../db/public-content.js';
import type { FeedPage } from '../../../db/feeds.js';
import { rememberSnapshot } from './feed-page.js';

/** First pages kept at most, and their JSON's total size (least recently used go first). */
const PAGES_KEPT = 500;
const BYTES_KEPT = 8 * 1024 * 1024;
/**
 * A page is dropped this long after it was read, whatever the version says: the bound on how late
 * a change the version does not see (an article's topics, genre or story set in place) shows.
 */
const PAGE_TTL_MS = 60_000;

/** Resolves on the next turn of the event loop, after the I/O already waiting. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A read whose every caller needs a result read after they asked: the callers share the next
 * read, which begins once the one running has ended and the event loop has taken its waiting I/O
 * (requests that arrived meanwhile ask too). One request alone still gets a read of its own;
 * under load the database is read once per batch of requests, not once per request.
 */
export class ReadAfterAsking<T> {
  private running: Promise<T> | undefined;
  private next: Promise<T> | undefined;

  constructor(private readonly read: () => Promise<T>) {}

  get(): Promise<T> {
    this.next ??= (this.running ?? Promise.resolve())
      .then(
        () => undefined,
        () => undefined,
      )
      .then(nextTurn)
      .then(() => {
        this.next = undefined;
        const reading = this.read().finally(() => {
          if (this.running === reading) this.running = undefined;
        });
        this.running = reading;
        return reading;
      });
    return this.next;
  }
}

interface CachedPage {
  /** The version of the public content it was read under (publicContentVersion). */
  version: string;
  articles: unknown;
  /** Its size as JSON, for the bound on memory. */
  bytes: number;
  /** The scroll it began: later pages continue under its snapshot (feed-page.ts). */
  page: FeedPage;
}

/** What a feed handler reads: the articles, and the page they were read at (its snapshot). */
export interface ReadPage<Articles> {
  articles: Articles;
  page: FeedPage;
}

/**
 * The first page of a public feed as every visitor gets it (docs/decisions/0012, "Since"),
 * kept by the exact request (path and body) while the public content's version is the one it was
 * read under: a crawl that stores an article, an article written or a source removed changes the
 * version, and the next request reads the page again. A signed-in reader's feed (their mutes,
 * read state and follows) and a later page of a scroll (its own snapshot) are never served from
 * it.
 */
export class PublicPageCache {
  private readonly pages = new LRUCache<string, CachedPage>({
    max: PAGES_KEPT,
    maxSize: BYTES_KEPT,
    sizeCalculation: (cached) => cached.bytes,
    ttl: PAGE_TTL_MS,
  });
  private readonly version: ReadAfterAsking<string>;

  constructor(
    db: Db,
    private readonly secureCookie: boolean,
  ) {
    this.version = new ReadAfterAsking(() => publicContentVersion(db));
  }

  /**
   * Answers a feed request from the cache, or with what `read` reads (kept for the next visitor
   * when it is a visitor's first page). A failed version read only skips the cache.
   */
  async answer<Articles>(
    request: FastifyRequest,
    reply: FastifyReply,
    body: Pick<FeedRequest, 'offset'>,
    read: () => Promise<ReadPage<Articles>>,
  ): Promise<Articles> {
    if (request.userId !== null || body.offset !== 0) return (await read()).articles;
    const version = await this.version.get().catch((error: unknown) => {
      request.log.warn({ err: error }, 'public content version unreadable; page not cached');
      return undefined;
    });
    const key = `${request.url} ${JSON.stringify(body)}`;
    const cached = version === undefined ? undefined : this.pages.get(key);
    if (cached && cached.version === version) {
      rememberSnapshot(reply, cached.page, this.secureCookie);
      return cached.articles as Articles;
    }
    const { articles, page } = await read();
    if (version !== undefined) {
      const bytes = JSON.stringify(articles).length;
      this.pages.set(key, { version, articles, bytes, page });
    }
    return articles;
  }
}

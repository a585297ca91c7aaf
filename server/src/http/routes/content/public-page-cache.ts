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

/** The Content-Type Fastify gives an answer it serialized as JSON. */
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * `answer` as the route's response schema for 200 serializes it (the serializer Fastify would
 * have run on it). Fastify's types take only an object and give `unknown`; the route's
 * serializer takes any answer and gives its JSON.
 */
function serialized(reply: FastifyReply, answer: unknown): string {
  return reply.serializeInput(answer as Record<string, unknown>, '200') as string;
}

interface CachedPage {
  /** The version of the public content it was read under (publicContentVersion). */
  version: string;
  /** The answer as the route's response schema serialized it when the page was read. */
  json: string;
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
    sizeCalculation: (cached) => cached.json.length,
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
   * Answers a feed request: a visitor's first page from the cache, or read by `read` and kept
   * for the next visitor; any other page with what `read` reads, for the route to serialize. A
   * failed version read only skips the cache.
   *
   * A visitor's first page is sent here as JSON already serialized (nothing is returned): the
   * route's response schema applies once, when the page is read, and every visitor after is sent
   * the same text, with the Content-Type Fastify gives an answer it serializes (Fastify sends a
   * string under a JSON Content-Type as it is), so a hit and a miss carry the same headers.
   */
  async answer<Articles>(
    request: FastifyRequest,
    reply: FastifyReply,
    body: Pick<FeedRequest, 'offset'>,
    read: () => Promise<ReadPage<Articles>>,
  ): Promise<Articles | void> {
    if (request.userId !== null || body.offset !== 0) return (await read()).articles;
    // Awaited until the answer is written: a handler that resolved while its answer was still
    // being compressed as a stream (a page over @fastify/compress's sync threshold) would have
    // Fastify send its reply again, empty.
    await reply.type(JSON_TYPE).send(await this.firstPageJson(request, reply, body, read));
  }

  private async firstPageJson(
    request: FastifyRequest,
    reply: FastifyReply,
    body: Pick<FeedRequest, 'offset'>,
    read: () => Promise<ReadPage<unknown>>,
  ): Promise<string> {
    const version = await this.version.get().catch((error: unknown) => {
      request.log.warn({ err: error }, 'public content version unreadable; page not cached');
      return undefined;
    });
    const key = `${request.url} ${JSON.stringify(body)}`;
    const cached = version === undefined ? undefined : this.pages.get(key);
    if (cached && cached.version === version) {
      rememberSnapshot(reply, cached.page, this.secureCookie);
      return cached.json;
    }
    const { articles, page } = await read();
    const json = serialized(reply, articles);
    if (version !== undefined) this.pages.set(key, { version, json, page });
    return json;
  }
}

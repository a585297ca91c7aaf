import { FetchError } from './fetch-error.js';
import type { Fetcher, FetchOutcome, FetchRequest } from './fetcher.js';

/** What crawling asks of a fetcher: the Fetcher itself, or one run's view of it (RunFetcher). */
export type FetchClient = Pick<Fetcher, 'fetch'>;

/** A fetch not tried: its host's name did not resolve earlier in the same run. */
export class HostGivenUpError extends FetchError {
  constructor(host: string) {
    super('DNS_FAILED', `${host} did not resolve earlier in this crawl run; not tried again`);
  }
}

const hostOf = (url: string) => URL.parse(url)?.hostname ?? '';

/**
 * One crawl run's view of a Fetcher (docs/CONTENT.md, "Progress and unreachable hosts"): once a
 * host's name has failed to resolve (DNS_FAILED: offline, or a name gone), the run gives up on
 * it, and every later fetch from it fails at once with HostGivenUpError instead of asking the
 * resolver again, page after page. A host's first fetch of the run goes alone, so fetches queued
 * behind a slow failing lookup are given up too rather than each waiting out one of their own.
 */
export class RunFetcher implements FetchClient {
  private readonly firstFetches = new Map<string, Promise<void>>();
  private readonly givenUp = new Set<string>();
  /** Fetches not tried because their host was given up on. */
  skipped = 0;

  constructor(private readonly fetcher: FetchClient) {}

  /** Hosts given up on so far in this run. */
  get hostsGivenUp(): number {
    return this.givenUp.size;
  }

  hasGivenUp(url: string): boolean {
    return this.givenUp.has(hostOf(url));
  }

  async fetch(request: FetchRequest): Promise<FetchOutcome> {
    const host = hostOf(request.url);
    const first = this.firstFetches.get(host);
    if (first) await first;
    if (this.givenUp.has(host)) {
      this.skipped += 1;
      throw new HostGivenUpError(host);
    }
    const attempt = this.fetcher.fetch(request).catch((error: unknown) => {
      if (error instanceof FetchError && error.code === 'DNS_FAILED') this.givenUp.add(host);
      throw error;
    });
    if (!first) {
      this.firstFetches.set(
        host,
        attempt.then(
          () => undefined,
          () => undefined,
        ),
      );
    }
    return attempt;
  }
}

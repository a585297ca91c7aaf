import { Agent, buildConnector, request, type Dispatcher } from 'undici';
import { guardedConnector, type AddressPolicy, type ResolveHost } from './address-policy.js';
import { FetchError, toFetchError } from './fetch-error.js';
import { ACCEPTED_ENCODINGS, discard, readBody } from './read-body.js';

const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const CONNECT_TIMEOUT_MS = 10_000;

export interface FetcherOptions {
  userAgent: string;
  /** Overall deadline of one fetch: connection, every redirect hop and the whole body. */
  timeoutMs: number;
  /** Default body cap, counted after decompression. */
  maxBytes: number;
  /** Lifts the public-address rule (tests only). */
  allowPrivate: boolean;
  /** Replace DNS and the public-address rule (tests of that rule). */
  resolveHost?: ResolveHost;
  isAllowedAddress?: AddressPolicy;
}

export interface FetchRequest {
  url: string;
  accept: string;
  etag?: string | null;
  lastModified?: string | null;
  maxBytes?: number;
  /** Aborts the fetch early, e.g. at shutdown. */
  signal?: AbortSignal;
}

export type FetchOutcome =
  | {
      status: 'ok';
      httpStatus: number;
      body: Buffer;
      contentType: string | undefined;
      etag: string | undefined;
      lastModified: string | undefined;
      /** Where the body came from after redirects (never saved as the feed URL). */
      url: string;
      /** What the body's relative links resolve against: its Content-Location, else `url`. */
      baseUrl: string;
    }
  | { status: 'not_modified'; httpStatus: 304; url: string };

function header(headers: Dispatcher.ResponseData['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Retry-After as seconds: either a number of seconds or an HTTP date. */
function retryAfterSeconds(value: string | undefined): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.round((date - Date.now()) / 1000));
}

function httpUrl(url: string, base?: string): URL {
  const parsed = URL.canParse(url, base) ? new URL(url, base) : undefined;
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) {
    throw new FetchError(base ? 'BAD_REDIRECT' : 'BAD_URL', `not an http(s) URL: ${url}`);
  }
  return parsed;
}

/** A response's base URL (RFC 9110 8.7): its http(s) Content-Location, else its own URL. */
function documentBase(contentLocation: string | undefined, url: URL): string {
  const location = contentLocation ? URL.parse(contentLocation, url.href) : null;
  return location && ['http:', 'https:'].includes(location.protocol) ? location.href : url.href;
}

/**
 * GETs feeds, pages and icons from other people's servers within fixed bounds: an overall
 * deadline, a decompressed size cap, at most five redirects, conditional requests, and (unless
 * allowPrivate) connections to public addresses only, checked at connect time on every hop.
 */
export class Fetcher {
  private readonly agent: Agent;

  constructor(private readonly options: FetcherOptions) {
    const connect = buildConnector({ timeout: CONNECT_TIMEOUT_MS });
    this.agent = new Agent({
      connect: options.allowPrivate
        ? connect
        : guardedConnector(connect, options.resolveHost, options.isAllowedAddress),
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      connections: 4,
    });
  }

  async fetch(fetchRequest: FetchRequest): Promise<FetchOutcome> {
    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    const signal = fetchRequest.signal
      ? AbortSignal.any([deadline, fetchRequest.signal])
      : deadline;
    try {
      return await this.follow(fetchRequest, signal);
    } catch (error) {
      if (fetchRequest.signal?.aborted) throw new FetchError('ABORTED', 'the fetch was cancelled');
      if (deadline.aborted) {
        throw new FetchError('TIMEOUT', `no complete answer within ${this.options.timeoutMs} ms`);
      }
      throw toFetchError(error);
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }

  private async follow(fetchRequest: FetchRequest, signal: AbortSignal): Promise<FetchOutcome> {
    let url = httpUrl(fetchRequest.url);
    for (let hop = 0; ; hop++) {
      const response = await request(url, {
        method: 'GET',
        dispatcher: this.agent,
        signal,
        headers: {
          'user-agent': this.options.userAgent,
          accept: fetchRequest.accept,
          'accept-encoding': ACCEPTED_ENCODINGS,
          ...(fetchRequest.etag ? { 'if-none-match': fetchRequest.etag } : {}),
          ...(fetchRequest.lastModified ? { 'if-modified-since': fetchRequest.lastModified } : {}),
        },
      });
      const { statusCode, headers, body } = response;
      const location = header(headers, 'location');
      if (REDIRECT_STATUSES.has(statusCode) && location) {
        discard(body);
        if (hop === MAX_REDIRECTS) {
          throw new FetchError('TOO_MANY_REDIRECTS', `more than ${MAX_REDIRECTS} redirects`);
        }
        url = httpUrl(location, url.href);
        continue;
      }
      if (statusCode === 304) {
        discard(body);
        return { status: 'not_modified', httpStatus: 304, url: url.href };
      }
      if (statusCode < 200 || statusCode > 299) {
        discard(body);
        throw new FetchError('HTTP_ERROR', `the server answered ${statusCode}`, {
          httpStatus: statusCode,
          retryAfterSeconds: retryAfterSeconds(header(headers, 'retry-after')),
        });
      }
      const maxBytes = fetchRequest.maxBytes ?? this.options.maxBytes;
      if (Number(header(headers, 'content-length') ?? 0) > maxBytes) {
        discard(body);
        throw new FetchError('TOO_LARGE', `the body is larger than ${maxBytes} bytes`);
      }
      return {
        status: 'ok',
        httpStatus: statusCode,
        body: await readBody(body, header(headers, 'content-encoding'), maxBytes),
        contentType: header(headers, 'content-type'),
        etag: header(headers, 'etag'),
        lastModified: header(headers, 'last-modified'),
        url: url.href,
        baseUrl: documentBase(header(headers, 'content-location'), url),
      };
    }
  }
}

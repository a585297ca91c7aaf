// What the HTTP client asks of a transport, apart from the client itself, so the transport over
// axios (axios-transport.ts, a chunk of its own) and the client (http-client.ts) share it.

export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const XSRF_HEADER_NAME = 'X-XSRF-TOKEN';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRequest {
  /** Relative to /api: '/search'. */
  url: string;
  method?: HttpMethod;
  body?: unknown;
}

/** What the server answered: the status and the parsed JSON body ('' when it sent none). */
export interface HttpResponse {
  status: number;
  data: unknown;
  /** The service worker answered with its saved copy: the network is out. */
  savedCopy?: boolean;
}

/** Sends one request and resolves with the answer, whatever its status. */
export type HttpTransport = (
  request: Required<Omit<HttpRequest, 'body'>> & {
    body: unknown;
  },
) => Promise<HttpResponse>;

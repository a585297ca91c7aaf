/** Why a fetch failed, as recorded on the source (`last_error_code`). */
export type FetchErrorCode =
  | 'BLOCKED_ADDRESS'
  | 'BAD_URL'
  | 'DNS_FAILED'
  | 'CONNECTION_FAILED'
  | 'TLS_FAILED'
  | 'TIMEOUT'
  | 'ABORTED'
  | 'TOO_LARGE'
  | 'TOO_MANY_REDIRECTS'
  | 'BAD_REDIRECT'
  | 'HTTP_ERROR'
  | 'UNSUPPORTED_CONTENT_ENCODING'
  | 'DECOMPRESSION_FAILED'
  | 'FETCH_FAILED';

export class FetchError extends Error {
  override name = 'FetchError';

  constructor(
    readonly code: FetchErrorCode,
    message: string,
    readonly details: { httpStatus?: number; retryAfterSeconds?: number } = {},
  ) {
    super(message);
  }
}

const codeByNodeError: Record<string, FetchErrorCode> = {
  BLOCKED_ADDRESS: 'BLOCKED_ADDRESS',
  ENOTFOUND: 'DNS_FAILED',
  EAI_AGAIN: 'DNS_FAILED',
  EAI_FAIL: 'DNS_FAILED',
  ECONNREFUSED: 'CONNECTION_FAILED',
  ECONNRESET: 'CONNECTION_FAILED',
  EHOSTUNREACH: 'CONNECTION_FAILED',
  ENETUNREACH: 'CONNECTION_FAILED',
  EPIPE: 'CONNECTION_FAILED',
  UND_ERR_SOCKET: 'CONNECTION_FAILED',
  UND_ERR_CLOSED: 'CONNECTION_FAILED',
  ETIMEDOUT: 'TIMEOUT',
  UND_ERR_CONNECT_TIMEOUT: 'TIMEOUT',
  UND_ERR_HEADERS_TIMEOUT: 'TIMEOUT',
  UND_ERR_BODY_TIMEOUT: 'TIMEOUT',
  Z_DATA_ERROR: 'DECOMPRESSION_FAILED',
  Z_BUF_ERROR: 'DECOMPRESSION_FAILED',
};

/** Maps whatever undici, net, tls or zlib threw to a FetchError with a stable code. */
export function toFetchError(error: unknown): FetchError {
  if (error instanceof FetchError) return error;
  const { code, message } = error as { code?: string; message?: string };
  const cause = (error as { cause?: { code?: string } }).cause?.code;
  const known = (code && codeByNodeError[code]) ?? (cause && codeByNodeError[cause]);
  if (known) return new FetchError(known, message ?? known);
  if (code?.startsWith('ERR_TLS') || /CERT|SSL|TLS/.test(code ?? '')) {
    return new FetchError('TLS_FAILED', message ?? 'TLS failed');
  }
  // zlib's codes start with Z_; brotli's look like ERR__ERROR_FORMAT_PADDING_1.
  if (code?.startsWith('Z_') || code?.startsWith('ERR__ERROR') || code?.startsWith('ERR_BROTLI')) {
    return new FetchError('DECOMPRESSION_FAILED', message ?? 'decompression failed');
  }
  return new FetchError('FETCH_FAILED', message ?? String(error));
}

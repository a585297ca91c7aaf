import {
  clientRoutes,
  DIGEST_CONFIRM_QUERY_PARAM,
  endpointRoutes,
} from '@blogstream/shared/contract';

const REDACTED = '[redacted]';

/** A `/` or its percent-encoding: a link may sit, encoded, inside another URL. */
const SLASH = '(?:/|%2F)';

/**
 * The path segments that come before a token in the site's own links: every client route and
 * endpoint with a `:token` parameter (`/reset-password/:token`, `/api/verify_email/:token`).
 */
const tokenPathSegments = [
  ...clientRoutes.map((route) => route.pattern),
  ...Object.values(endpointRoutes).map((route) => route.path),
]
  .map((pattern) => /\/([^/]+)\/:token(?:\/|$)/.exec(pattern)?.[1])
  .filter((segment) => segment !== undefined);

// A value runs up to whatever ends it in a URL, or ends the URL in a log line: a quote (JSON),
// a space, an angle bracket.
const URL_END = `#&;\\s"'<>\\\\`;
const PATH_VALUE = `[^/?${URL_END}]+`;
const QUERY_VALUE = `[^${URL_END}]*`;

const TOKEN_IN_PATH = new RegExp(
  `(${SLASH}(?:${tokenPathSegments.join('|')})${SLASH})${PATH_VALUE}`,
  'gi',
);

/**
 * Query parameters that carry a secret: any `…token…` (unsubscribe links, RSS feeds, Google's
 * `id_token`), a topic digest's confirmation (`digestConfirm`), anything named secret or password.
 * The separator may be percent-encoded or HTML-escaped (`&amp;`) too.
 */
const TOKEN_IN_QUERY = new RegExp(
  `((?:[?&;]|%3F|%26)[\\w.-]*(?:token|secret|password|${DIGEST_CONFIRM_QUERY_PARAM})[\\w.-]*(?:=|%3D))${QUERY_VALUE}`,
  'gi',
);

/**
 * `text` with the secret of every token-bearing URL in it replaced by `[redacted]`: reset-password
 * and e-mail verification links, unsubscribe and RSS `?token=`, `?digestConfirm=`. Every log line
 * goes through it (the web process's and the console's, server/src/lib/log.ts), whatever field or
 * message the URL is in.
 */
export function withoutSecrets(text: string): string {
  return text.replace(TOKEN_IN_PATH, `$1${REDACTED}`).replace(TOKEN_IN_QUERY, `$1${REDACTED}`);
}

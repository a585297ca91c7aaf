/** The cookies of a request's Cookie header (first value wins for a repeated name). */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (header ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator <= 0) continue;
    const name = pair.slice(0, separator).trim();
    if (!cookies.has(name)) cookies.set(name, pair.slice(separator + 1).trim());
  }
  return cookies;
}

export interface CookieOptions {
  httpOnly: boolean;
  secure: boolean;
  maxAgeSeconds: number;
}

/** A Set-Cookie value for the whole site; `value` must be cookie-safe (ours are base64url). */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  return [
    `${name}=${value}`,
    'Path=/',
    `Max-Age=${options.maxAgeSeconds}`,
    'SameSite=Lax',
    ...(options.httpOnly ? ['HttpOnly'] : []),
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

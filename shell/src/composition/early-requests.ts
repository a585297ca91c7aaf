// What the shell asks the server for before its scripts have all loaded (index.ts): the remotes
// manifest, and GET calls of the API whose answers the HTTP client then takes instead of asking
// again. Nothing here may import a shared module: index.ts runs before Module Federation has
// negotiated them.
import type { MfeManifest } from '@blogstream/shared/contract';
import { fetchManifest } from './manifest';

let manifest: Promise<MfeManifest> | undefined;

/** The remotes manifest, asked for once; the bootstrap takes the same answer. */
export function requestManifest(): Promise<MfeManifest> {
  if (!manifest) {
    manifest = fetchManifest();
    // Handled where it is awaited; not an unhandled rejection while the bootstrap loads.
    manifest.catch(() => undefined);
  }
  return manifest;
}

/**
 * The session check (endpoint checkLoggedIn), relative to /api as the HTTP client's URLs are.
 * These URLs are written out rather than taken from the endpoint table, which index.ts would then
 * carry whole (early-requests.test.ts keeps them alike).
 */
export const SESSION_CHECK_URL = '/check_logged_in';

/**
 * The site's public configuration (endpoint publicConfig), which the chrome reads on every page:
 * asked for early, a visitor's page needs no HTTP client to show it.
 */
export const PUBLIC_CONFIG_URL = '/public_config';

/** An early answer: its status and body text, or the error fetch failed with. */
export interface EarlyAnswer {
  status: number;
  text: string;
}

const earlyAnswers = new Map<string, Promise<EarlyAnswer>>();

/**
 * Starts a GET of `url` (relative to /api, as the HTTP client's) with the client's cookies and
 * Accept header. A safe method needs no XSRF token, which a first visit does not have yet.
 */
export function requestEarly(apiPrefix: string, url: string): void {
  const answer = fetch(`${apiPrefix}${url}`, {
    method: 'GET',
    credentials: 'include',
    headers: { Accept: 'application/json' },
  }).then(async (response) => ({ status: response.status, text: await response.text() }));
  answer.catch(() => undefined);
  earlyAnswers.set(url, answer);
}

/** The early answers, handed over once (to the HTTP client: adoptEarlyAnswer). */
export function takeEarlyAnswers(): [string, Promise<EarlyAnswer>][] {
  const answers = [...earlyAnswers];
  earlyAnswers.clear();
  return answers;
}

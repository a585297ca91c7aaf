import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, endpointRoutes } from '@blogstream/shared/contract';
import type { AccountServices } from '../../../accounts/services.js';
import {
  findSession,
  kindOfSessionId,
  newPreSessionId,
  touchSession,
  type SsoProvider,
} from '../../../db/sessions.js';
import { hmacBase64Url, safeEqual } from '../../../lib/tokens.js';
import { ApiFailure } from '../../api-failure.js';
import type { App } from '../../app-type.js';
import { parseCookies, serializeCookie } from './cookies.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The session cookie's value: a signed-in session's id, or for visitors a pre-session id that
     * the XSRF token is bound to. Set on every /api request.
     */
    sessionId: string;
    /** How the signed-in session was started (check_logged_in reports it). */
    ssoProvider: SsoProvider | null;
  }
}

/** Read by the front end's axios instance (shared/api) and sent back as X-XSRF-TOKEN. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/** The __Host- prefix (https only) stops a sibling subdomain from planting a session cookie. */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-bs_session' : 'bs_session';
}

/** Calls that neither need nor set a session: a load balancer's health probe. */
const SESSIONLESS_ROUTES = new Set<string>([endpointRoutes.health.path]);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function xsrfTokenFor(services: AccountServices, sessionId: string): string {
  return hmacBase64Url(services.keys.xsrf, sessionId);
}

/** Sets the session cookie and its XSRF cookie, replacing any set earlier in this reply. */
export function setSessionCookies(
  reply: FastifyReply,
  services: AccountServices,
  sessionId: string,
): void {
  const { secureCookies: secure, session } = services.config;
  const maxAgeSeconds = session.maxAgeSeconds;
  reply.removeHeader('set-cookie');
  reply.header('set-cookie', [
    serializeCookie(sessionCookieName(secure), sessionId, {
      httpOnly: true,
      secure,
      maxAgeSeconds,
    }),
    // Readable by the site's scripts by design: that is how the header proves same origin.
    serializeCookie(XSRF_COOKIE, xsrfTokenFor(services, sessionId), {
      httpOnly: false,
      secure,
      maxAgeSeconds,
    }),
  ]);
}

/** A fresh pre-session (after sign-out, or for a first visit). */
export function startPreSession(
  request: FastifyRequest,
  reply: FastifyReply,
  services: AccountServices,
) {
  request.sessionId = newPreSessionId();
  request.userId = null;
  request.ssoProvider = null;
  setSessionCookies(reply, services, request.sessionId);
}

export function isCrossSite(request: FastifyRequest): boolean {
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/**
 * Signed double-submit: the header must carry the HMAC of this request's session cookie, which
 * only the site's own scripts can read (from the XSRF cookie) and nobody can compute without the
 * server's key. A cross-site request is refused outright.
 */
function checkXsrf(request: FastifyRequest, services: AccountServices): void {
  const header = request.headers[XSRF_HEADER];
  const valid =
    !isCrossSite(request) &&
    typeof header === 'string' &&
    safeEqual(header, xsrfTokenFor(services, request.sessionId));
  if (!valid) {
    throw new ApiFailure(
      403,
      'XSRF_TOKEN_INVALID',
      'This request lacks a valid XSRF token. Reload the page and try again.',
    );
  }
}

function requireJson(request: FastifyRequest): void {
  const contentType = request.headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    throw new ApiFailure(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the request body as application/json.',
    );
  }
}

/**
 * On every /api request, before the body is read: finds the session behind the cookie (setting
 * request.userId), or starts a pre-session; then refuses a state-changing call without a valid
 * XSRF token or a JSON body, so such a call changes nothing.
 */
export function registerSessionGuard(app: App, services: AccountServices): void {
  const cookieName = sessionCookieName(services.config.secureCookies);
  app.decorateRequest('sessionId', '');
  app.decorateRequest('ssoProvider', null);

  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url;
    // Unknown routes stay a plain 404; the health probe needs no session.
    if (!route?.startsWith(`${API_PREFIX}/`) || SESSIONLESS_ROUTES.has(route)) return;
    const cookieValue = parseCookies(request.headers.cookie).get(cookieName);
    const kind = kindOfSessionId(cookieValue);
    let stale = false;
    if (cookieValue === undefined || kind === undefined) {
      startPreSession(request, reply, services);
    } else {
      const session =
        kind === 'signedIn'
          ? await findSession(services.db, cookieValue, services.config.session.idleSeconds)
          : undefined;
      request.sessionId = cookieValue;
      request.userId = session?.userId ?? null;
      request.ssoProvider = session?.ssoProvider ?? null;
      stale = session?.stale === true;
    }
    if (!SAFE_METHODS.has(request.method)) {
      checkXsrf(request, services);
      requireJson(request);
    }
    if (stale) await touchSession(services.db, request.sessionId);
  });
}

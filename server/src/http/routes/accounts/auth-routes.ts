import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  EMAIL_VERIFIED_QUERY_PARAM,
  type EmailVerificationOutcome,
} from '@blogstream/shared/contract';
import { messages } from '@blogstream/shared/lib';
import { signInWithGoogle } from '../../../accounts/google-sign-in.js';
import { requestPasswordReset, resetPassword } from '../../../accounts/password-reset.js';
import type { AccountServices } from '../../../accounts/services.js';
import {
  endSession,
  kindOfSessionId,
  startSession,
  type SsoProvider,
} from '../../../db/sessions.js';
import { signInWithPassword } from '../../../accounts/sign-in.js';
import { signUp, verifyEmail } from '../../../accounts/sign-up.js';
import { loadUserData } from '../../../db/users.js';
import { ApiFailure } from '../../api-failure.js';
import type { App } from '../../app-type.js';
import { enforceRateLimits, guardWithCaptcha } from './guards.js';
import { isCrossSite, setSessionCookies, startPreSession } from './session-guard.js';
import { serve } from '../../endpoint.js';

const OK = { ok: true } as const;

/** Sign-in always gets a new session id (no fixation); a session already on the cookie ends. */
async function beginSession(
  request: FastifyRequest,
  reply: FastifyReply,
  services: AccountServices,
  userId: number,
  ssoProvider: SsoProvider | null,
): Promise<void> {
  if (request.userId !== null) await endSession(services.db, request.sessionId);
  request.sessionId = await startSession(
    services.db,
    userId,
    ssoProvider,
    services.config.session.maxAgeSeconds,
  );
  request.userId = userId;
  setSessionCookies(reply, services, request.sessionId);
}

function signInFailure(): ApiFailure {
  return new ApiFailure(401, 'INVALID_USERNAME_PASS', messages.invalidUsernameOrPassword);
}

/** Sign-up, sign-in (e-mail and Google), sign-out, the session check and password recovery. */
export function registerAuthRoutes(app: App, services: AccountServices): void {
  const { db } = services;

  serve(app, 'checkLoggedIn', async (request, reply) => {
    if (request.userId === null) {
      // A visitor still holding an ended session's cookie gets a fresh pre-session.
      if (kindOfSessionId(request.sessionId) === 'signedIn')
        startPreSession(request, reply, services);
      else setSessionCookies(reply, services, request.sessionId);
      return {};
    }
    // Also (re)delivers the XSRF cookie, on the site's first call and later.
    setSessionCookies(reply, services, request.sessionId);
    const user = await loadUserData(db, request.userId);
    return user ? { ...user, ssoProvider: request.ssoProvider } : {};
  });

  serve(app, 'signUp', async (request) => {
    const { recaptchaVerifyToken, ...account } = request.body;
    await guardWithCaptcha(services, {
      clientIp: request.ip,
      captchaToken: recaptchaVerifyToken,
      perClient: 'signUpPerIp',
      perAddress: [['signUpPerAddress', account.email]],
    });
    if ((await signUp(services, account)) === 'emailTaken') {
      throw new ApiFailure(409, 'USER_EXISTS', messages.emailAlreadyRegistered);
    }
    return OK;
  });

  serve(app, 'verifyEmail', async (request, reply) => {
    const outcome: EmailVerificationOutcome = (await verifyEmail(services, request.params.token))
      ? 'ok'
      : 'expired';
    return reply.redirect(`/?${EMAIL_VERIFIED_QUERY_PARAM}=${outcome}`, 303);
  });

  serve(app, 'signIn', async (request, reply) => {
    // Per account and client: guesses from elsewhere cannot lock the owner out (decision 0006).
    await enforceRateLimits(services, [
      ['signInPerIp', request.ip],
      ['signInPerAccountAndClient', `${request.ip} ${request.body.email}`],
    ]);
    const outcome = await signInWithPassword(services, request.body);
    if (outcome.result === 'invalid') throw signInFailure();
    if (outcome.result === 'unverified') {
      throw new ApiFailure(403, 'EMAIL_NOT_VERIFIED', messages.emailNotVerified);
    }
    await beginSession(request, reply, services, outcome.userId, null);
    const user = await loadUserData(db, outcome.userId);
    if (!user) throw signInFailure();
    return user;
  });

  serve(app, 'signInWithGoogle', async (request, reply) => {
    if (!services.google) {
      throw new ApiFailure(404, 'NOT_FOUND', 'Google sign-in is not enabled on this site.');
    }
    await enforceRateLimits(services, [['signInPerIp', request.ip]]);
    const identity = await services.google(request.body.id_token);
    const outcome = identity && (await signInWithGoogle(db, identity));
    if (outcome?.result !== 'signedIn') {
      throw new ApiFailure(401, 'UNAUTHORIZED', 'Google sign-in failed.');
    }
    await beginSession(request, reply, services, outcome.userId, 'google');
    return { name: outcome.name, email: outcome.email };
  });

  serve(app, 'signOut', async (request, reply) => {
    // A GET by the spec: refuse it from other sites, which could otherwise sign readers out.
    if (isCrossSite(request)) {
      throw new ApiFailure(403, 'XSRF_TOKEN_INVALID', 'Sign out from the site itself.');
    }
    if (request.userId !== null) await endSession(db, request.sessionId);
    startPreSession(request, reply, services);
    return OK;
  });

  serve(app, 'forgotPassword', async (request) => {
    const { email, recaptchaVerifyToken } = request.body;
    await guardWithCaptcha(services, {
      clientIp: request.ip,
      captchaToken: recaptchaVerifyToken,
      perClient: 'forgotPasswordPerIp',
      perAddress: [['forgotPasswordPerAddress', email]],
    });
    requestPasswordReset(services, email);
    return OK;
  });

  serve(app, 'resetPassword', async (request) => {
    const { token, newPassword } = request.body;
    if (!(await resetPassword(services, token, newPassword))) {
      throw new ApiFailure(400, 'LINK_EXPIRED', messages.resetLinkExpired);
    }
    return OK;
  });
}

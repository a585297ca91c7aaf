import { messages } from '@blogstream/shared/lib';
import type { RateLimitHit, RateLimitName } from '../../../db/rate-limits.js';
import type { AccountServices } from '../../../accounts/services.js';
import { ApiFailure } from '../../api-failure.js';

/** Counts the hits; 429 RATE_LIMITED with Retry-After when any rule is over its limit. */
export async function enforceRateLimits(services: AccountServices, hits: RateLimitHit[]) {
  const { allowed, retryAfterSeconds } = await services.rateLimiter.hit(hits);
  if (!allowed) {
    throw new ApiFailure(429, 'RATE_LIMITED', messages.tooManyAttempts, {
      'retry-after': String(retryAfterSeconds),
    });
  }
}

/** 400 CAPTCHA_INVALID unless the token is a fresh, valid captcha solution. */
async function requireCaptcha(services: AccountServices, token: string, clientIp: string) {
  if (!(await services.captcha.verify(token, clientIp))) {
    throw new ApiFailure(400, 'CAPTCHA_INVALID', messages.captchaRequired);
  }
}

export interface CaptchaGuard {
  clientIp: string;
  captchaToken: string;
  /** The rule counted per client address, before the captcha. */
  perClient: RateLimitName;
  /** The rules counted per address or domain the request names, once the captcha is solved. */
  perAddress: RateLimitHit[];
}

/**
 * The order of every call behind a captcha (docs/decisions/0006): the client's limit, then the
 * captcha, then the limits of the addresses the request names. Only a solved captcha counts
 * against an address or a domain, so nobody can use up another person's allowance for free.
 */
export async function guardWithCaptcha(
  services: AccountServices,
  { clientIp, captchaToken, perClient, perAddress }: CaptchaGuard,
) {
  await enforceRateLimits(services, [[perClient, clientIp]]);
  await requireCaptcha(services, captchaToken, clientIp);
  await enforceRateLimits(services, perAddress);
}

export function notFound(what: string): ApiFailure {
  return new ApiFailure(404, 'NOT_FOUND', `${what} not found.`);
}

/** The domain of an e-mail address, counted by the per-domain limits. */
export function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}

import { messages } from '@blogstream/shared/lib';
import type { RateLimitHit } from '../../../db/rate-limits.js';
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
export async function requireCaptcha(services: AccountServices, token: string, clientIp: string) {
  if (!(await services.captcha.verify(token, clientIp))) {
    throw new ApiFailure(400, 'CAPTCHA_INVALID', messages.captchaRequired);
  }
}

export function notFound(what: string): ApiFailure {
  return new ApiFailure(404, 'NOT_FOUND', `${what} not found.`);
}

/** The domain of an e-mail address, counted by the per-domain limits. */
export function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}

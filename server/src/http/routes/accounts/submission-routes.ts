import type { AccountServices } from '../../../accounts/services.js';
import { recordSubmission } from '../../../db/submissions.js';
import type { App } from '../../app-type.js';
import { domainOf, enforceRateLimits, requireCaptcha } from './guards.js';
import { serve } from '../../endpoint.js';

/**
 * POST /api/submit_source: anyone may suggest a blog; it waits for an operator's review (`npm run
 * admin -- submissions`). The outcome is e-mailed to an address nobody verified, hence the limits
 * per client, per address and per domain.
 */
export function registerSubmissionRoutes(app: App, services: AccountServices): void {
  serve(app, 'submitSource', async (request) => {
    const { name, url, email, recaptchaVerifyToken } = request.body;
    await enforceRateLimits(services, [
      ['submitSourcePerIp', request.ip],
      ['submitSourcePerAddress', email],
      ['submitSourcePerDomain', domainOf(email)],
    ]);
    await requireCaptcha(services, recaptchaVerifyToken, request.ip);
    await recordSubmission(services.db, { name, url, email, userId: request.userId });
    return { ok: true } as const;
  });
}

import { okResponseSchema, submitSourceRequestSchema } from '@blogstream/shared/contract';
import type { AccountServices } from '../../../accounts/services.js';
import { recordSubmission } from '../../../accounts/submissions.js';
import type { App } from '../../app-type.js';
import { domainOf, enforceRateLimits, requireCaptcha } from './guards.js';

/**
 * POST /api/submit_source: anyone may suggest a blog; it waits for an operator's review (`npm run
 * admin -- submissions`). The outcome is e-mailed to an address nobody verified, hence the limits
 * per client, per address and per domain.
 */
export function registerSubmissionRoutes(app: App, services: AccountServices): void {
  app.post(
    '/api/submit_source',
    { schema: { body: submitSourceRequestSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      const { name, url, email, recaptchaVerifyToken } = request.body;
      await enforceRateLimits(services, [
        ['submitSourcePerIp', request.ip],
        ['submitSourcePerAddress', email],
        ['submitSourcePerDomain', domainOf(email)],
      ]);
      await requireCaptcha(services, recaptchaVerifyToken, request.ip);
      await recordSubmission(services.db, { name, url, email, userId: request.userId });
      return { ok: true } as const;
    },
  );
}

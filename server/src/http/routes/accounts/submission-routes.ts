import type { AccountServices } from '../../../accounts/services.js';
import { recordSubmission } from '../../../db/submissions.js';
import type { SubmissionChecker } from '../../../ingestion/on-demand/index.js';
import type { App } from '../../app-type.js';
import { domainOf, guardWithCaptcha } from './guards.js';
import { serve } from '../../endpoint.js';

/**
 * POST /api/submit_source: anyone may suggest a blog; it waits for an operator's review (`npm run
 * admin -- submissions`). The outcome is e-mailed to an address nobody verified, hence the limits
 * per client, per address and per domain. Once those and the captcha pass, the address gets the
 * automated checks (feed found, valid, recent posts, not a duplicate), answered to the submitter;
 * the submission goes to review whatever they found.
 */
export function registerSubmissionRoutes(
  app: App,
  services: AccountServices,
  checkSubmission: SubmissionChecker,
): void {
  serve(app, 'submitSource', async (request) => {
    const { name, url, email, recaptchaVerifyToken } = request.body;
    await guardWithCaptcha(services, {
      clientIp: request.ip,
      captchaToken: recaptchaVerifyToken,
      perClient: 'submitSourcePerIp',
      perAddress: [
        ['submitSourcePerAddress', email],
        ['submitSourcePerDomain', domainOf(email)],
      ],
    });
    const checked = await checkSubmission(url).catch((error: unknown) => {
      request.log.error({ err: error }, 'checking a submission failed');
      return undefined;
    });
    const checkResults = checked
      ? { checks: checked.checks, feed_url: checked.feedUrl, duplicate_of: checked.duplicateOf }
      : null;
    // Kept for the operator who reviews it (`admin submissions` shows them).
    await recordSubmission(services.db, {
      name,
      url,
      email,
      userId: request.userId,
      checkResults,
    });
    return { ok: true as const, ...checkResults };
  });
}

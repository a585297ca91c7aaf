import {
  captchaChallengeSchema,
  publicConfigSchema,
  type PublicConfig,
} from '@blogstream/shared/contract';
import type { AccountsConfig } from '../../../accounts/accounts-config.js';
import type { AccountServices } from '../../../accounts/services.js';
import type { App } from '../../app-type.js';

export const CAPTCHA_CHALLENGE_PATH = '/api/captcha/challenge';

/**
 * What the browser needs to know at run time. CAPTCHA_PROVIDER=off still shows the ALTCHA widget
 * (the server just does not check it), so the page is the same in every environment.
 */
/** The site settings of public config that are not about accounts. */
export interface SiteSettings {
  analyticsEnabled: boolean;
  contactEmail: string;
  termsGoverningLaw: string;
}

export function publicConfigOf(config: AccountsConfig, site: SiteSettings): PublicConfig {
  const { recaptcha, provider } = config.captcha;
  return {
    siteName: config.siteName,
    captcha:
      provider === 'recaptcha' && recaptcha
        ? { provider: 'recaptcha', siteKey: recaptcha.siteKey }
        : { provider: 'altcha', challengeUrl: CAPTCHA_CHALLENGE_PATH },
    googleClientId: config.google?.clientId ?? null,
    analyticsEnabled: site.analyticsEnabled,
    contactEmail: site.contactEmail,
    termsGoverningLaw: site.termsGoverningLaw,
  };
}

export function registerPublicConfigRoutes(
  app: App,
  services: AccountServices,
  site: SiteSettings,
): void {
  const publicConfig = publicConfigOf(services.config, site);
  app.get(
    '/api/public_config',
    { schema: { response: { 200: publicConfigSchema } } },
    async () => publicConfig,
  );

  app.get(
    CAPTCHA_CHALLENGE_PATH,
    { schema: { response: { 200: captchaChallengeSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return services.captcha.challenge();
    },
  );
}

import { endpointRoutes, type PublicConfig } from '@blogstream/shared/contract';
import type { AccountsConfig } from '../../../accounts/accounts-config.js';
import type { AccountServices } from '../../../accounts/services.js';
import type { App } from '../../app-type.js';
import { serve } from '../../endpoint.js';

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
        : { provider: 'altcha', challengeUrl: endpointRoutes.captchaChallenge.path },
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
  serve(app, 'publicConfig', async () => publicConfig);

  serve(app, 'captchaChallenge', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return services.captcha.challenge();
  });
}

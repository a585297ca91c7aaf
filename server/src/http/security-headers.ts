import helmet from '@fastify/helmet';
import type { App } from './app-type.js';
import type { RemoteLocation } from '../config.js';

/** Origins of remotes configured on other hosts (absolute MFE_*_URL values). */
function remoteOrigins(remotes: RemoteLocation[]): string[] {
  const absolute = remotes.map(({ baseUrl }) => baseUrl).filter((url) => URL.canParse(url));
  return [...new Set(absolute.map((url) => new URL(url).origin))];
}

export async function registerSecurityHeaders(app: App, remotes: RemoteLocation[]): Promise<void> {
  const origins = remoteOrigins(remotes);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Module Federation loads remote entries and chunks with script tags from their origins.
        scriptSrc: ["'self'", ...origins],
        connectSrc: ["'self'", ...origins],
        // styled-components injects <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'https:', 'data:'],
        fontSrc: ["'self'", 'https:', 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    // Also keeps reset-password tokens in page URLs from leaking to other sites.
    referrerPolicy: { policy: 'no-referrer' },
  });
}

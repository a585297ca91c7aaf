import { createHash } from 'node:crypto';
import helmet from 'helmet';
import { THEME_BOOT_SCRIPT } from '@blogstream/shared/lib';
import type { AccountsConfig } from '../accounts/accounts-config.js';
import type { RemoteLocation } from './front-end-config.js';
import type { App } from './app-type.js';

/** The one inline script of the shell page, which sets the reader's theme before it paints. */
const themeBootScript = `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`;

/** Origins of remotes configured on other hosts (absolute MFE_*_URL values). */
function remoteOrigins(remotes: RemoteLocation[]): string[] {
  const absolute = remotes.map(({ baseUrl }) => baseUrl).filter((url) => URL.canParse(url));
  return [...new Set(absolute.map((url) => new URL(url).origin))];
}

interface ThirdParty {
  script: string[];
  frame: string[];
  connect: string[];
  style: string[];
}

/** Google's scripts and frames, allowed only when the operator turned those features on. */
function thirdParties(accounts: AccountsConfig): ThirdParty {
  const allowed: ThirdParty = { script: [], frame: [], connect: [], style: [] };
  if (accounts.captcha.provider === 'recaptcha') {
    allowed.script.push('https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/');
    allowed.frame.push(
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
    );
  }
  if (accounts.google) {
    allowed.script.push('https://accounts.google.com/gsi/client');
    allowed.frame.push('https://accounts.google.com/gsi/');
    allowed.connect.push('https://accounts.google.com/gsi/');
    allowed.style.push('https://accounts.google.com/gsi/style');
  }
  return allowed;
}

/**
 * Every answer's security headers, set before its route runs. Helmet's middleware is made once,
 * here: @fastify/helmet made it again for each request, parsing the policy's directives every time
 * (about a twentieth of the server's time on a visitor's first page from memory, profiled:
 * docs/decisions/0035-a-readers-first-screen-and-the-public-first-page.md, "Since 2026-11-28").
 */
export function registerSecurityHeaders(
  app: App,
  remotes: RemoteLocation[],
  accounts: AccountsConfig,
): void {
  const origins = remoteOrigins(remotes);
  const google = thirdParties(accounts);
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Module Federation loads remote entries and chunks with script tags from their origins.
        scriptSrc: ["'self'", ...origins, ...google.script, themeBootScript],
        connectSrc: ["'self'", ...origins, ...google.connect],
        // The ALTCHA widget solves its proof of work in workers it creates from blobs.
        workerSrc: ["'self'", 'blob:'],
        frameSrc: google.frame.length > 0 ? google.frame : ["'none'"],
        // styled-components injects <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'", ...google.style],
        // Article images come from every blog, some still over plain http.
        imgSrc: ["'self'", 'https:', 'http:', 'data:'],
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
  // Helmet 8 throws what goes wrong rather than passing it on: its callback only continues.
  app.addHook('onRequest', (request, reply, done) =>
    setSecurityHeaders(request.raw, reply.raw, () => done()),
  );
}

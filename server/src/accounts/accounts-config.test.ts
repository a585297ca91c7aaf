import { loadConfig } from '../config.js';
import { problemsOf } from '../testing/test-config.js';
import { defaultPasswordHashing, defaultRateLimits } from './accounts-config.js';

test('defaults: local links, ALTCHA, no SMTP, no Google, OWASP argon2id, plain cookies', () => {
  const { accounts, trustProxy } = loadConfig({ PORT: '4000' });
  expect(accounts).toMatchObject({
    environment: 'development',
    publicUrl: 'http://localhost:4000',
    siteName: 'Blogstream',
    sessionSecret: undefined,
    session: { idleSeconds: 14 * 86_400, maxAgeSeconds: 60 * 86_400 },
    secureCookies: false,
    mail: { smtpUrl: undefined, from: { name: 'Blogstream', address: 'no-reply@localhost' } },
    captcha: { provider: 'altcha', recaptcha: undefined },
    google: undefined,
    passwordHashing: defaultPasswordHashing,
    rateLimits: defaultRateLimits,
  });
  expect(defaultPasswordHashing).toEqual({ memoryKib: 19_456, iterations: 2, parallelism: 1 });
  expect(defaultRateLimits.signInPerAccountAndClient).toEqual({ limit: 10, windowSeconds: 900 });
  expect(trustProxy).toBe(false);
});

test('PUBLIC_URL wins over the address the web process recorded, which wins over PORT', () => {
  const recorded = { publicUrl: 'https://recorded.example' };
  expect(loadConfig({ PORT: '4000' }, recorded).accounts).toMatchObject({
    publicUrl: 'https://recorded.example',
    mail: { from: { address: 'no-reply@recorded.example' } },
  });
  expect(
    loadConfig({ PORT: '4000', PUBLIC_URL: 'https://reads.example' }, recorded).accounts.publicUrl,
  ).toBe('https://reads.example');
  expect(loadConfig({ PORT: '4000' }, {}).accounts.publicUrl).toBe('http://localhost:4000');
});

test('an https PUBLIC_URL makes cookies Secure unless COOKIE_SECURE says otherwise', () => {
  expect(loadConfig({ PUBLIC_URL: 'https://reads.example/' }).accounts).toMatchObject({
    publicUrl: 'https://reads.example',
    secureCookies: true,
  });
  expect(
    loadConfig({ PUBLIC_URL: 'https://reads.example', COOKIE_SECURE: 'false' }).accounts
      .secureCookies,
  ).toBe(false);
});

test('reCAPTCHA is chosen by its keys, Google sign-in by its client id', () => {
  const { accounts } = loadConfig({
    RECAPTCHA_SITE_KEY: 'site',
    RECAPTCHA_SECRET: 'secret',
    GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
  });
  expect(accounts.captcha.provider).toBe('recaptcha');
  expect(accounts.google).toEqual({
    clientId: 'id.apps.googleusercontent.com',
    jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
  });
});

test('TRUST_PROXY takes true, false or a list of proxies', () => {
  expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
    '10.0.0.1',
    '10.0.0.0/8',
  ]);
});

test('server mode needs SESSION_SECRET; bad combinations are named', () => {
  expect(problemsOf({ DATABASE_URL: 'postgres://db.internal/blogstream' })).toEqual([
    'SESSION_SECRET: required with DATABASE_URL, so every web process shares it',
  ]);
  expect(problemsOf({ CAPTCHA_PROVIDER: 'off', NODE_ENV: 'production' })).toEqual([
    'CAPTCHA_PROVIDER: off is refused when NODE_ENV=production',
  ]);
  expect(problemsOf({ CAPTCHA_PROVIDER: 'recaptcha' })).toEqual([
    'CAPTCHA_PROVIDER: recaptcha needs RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET',
  ]);
  const variables = problemsOf({
    SESSION_SECRET: 'too short',
    SMTP_URL: 'http://mail.example',
    PUBLIC_URL: 'reads.example',
    SESSION_IDLE_DAYS: '0',
  }).map((problem) => problem.split(':')[0]);
  expect(variables.sort()).toEqual([
    'PUBLIC_URL',
    'SESSION_IDLE_DAYS',
    'SESSION_SECRET',
    'SMTP_URL',
  ]);
});

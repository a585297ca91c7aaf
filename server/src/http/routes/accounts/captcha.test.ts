import type { CaptchaChallenge, PublicConfig } from '@blogstream/shared/contract';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  readJson,
  solveCaptcha,
  uniqueEmail,
  type TestServer,
} from '../../../testing/accounts-harness.js';
import { routeTestSite } from '../../../testing/route-test-site.js';

const site = routeTestSite();

/** submit_source as the captcha's consumer: it needs nothing but a captcha. */
async function submitWith(target: TestServer, token: string) {
  const client = await target.client();
  const response = await client.post('/api/submit_source', {
    name: 'Captcha test blog',
    url: 'https://captcha.example/',
    email: uniqueEmail('submitter'),
    recaptchaVerifyToken: token,
  });
  return { status: response.status, body: await response.json() };
}

const decode = (token: string) => JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64');

test('public config tells the browser which captcha to show and the site name', async () => {
  const response = await site.server.fetch('/api/public_config');
  expect(await response.json()).toEqual({
    siteName: 'Blogstream',
    captcha: { provider: 'altcha', challengeUrl: '/api/captcha/challenge' },
    googleClientId: null,
    analyticsEnabled: false,
    contactEmail: 'hello@blogstream.app',
    termsGoverningLaw: "the country in which the site's operator is established",
  });
});

test('the contact address and the governing law of the terms come from configuration', async () => {
  const configured = await site.startAnother({
    env: { CONTACT_EMAIL: 'maker@example.com', TERMS_GOVERNING_LAW: 'England and Wales' },
  });
  expect(await (await configured.fetch('/api/public_config')).json()).toMatchObject({
    contactEmail: 'maker@example.com',
    termsGoverningLaw: 'England and Wales',
  });
});

test('SITE_NAME renames the site', async () => {
  const renamed = await site.startAnother({ env: { SITE_NAME: 'Engineering Reads' } });
  const config = await readJson<PublicConfig>(await renamed.fetch('/api/public_config'));
  expect(config.siteName).toBe('Engineering Reads');
});

describe('ALTCHA (the default)', () => {
  test('a challenge is signed, never cached and solvable', async () => {
    const response = await site.server.fetch('/api/captcha/challenge');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const challenge = await readJson<CaptchaChallenge>(response);
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256' });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect((await submitWith(site.server, await solveCaptcha(site.server))).status).toBe(200);
  });

  test('a solution is good for one submission only', async () => {
    const token = await solveCaptcha(site.server);
    expect((await submitWith(site.server, token)).status).toBe(200);
    expect(await submitWith(site.server, token)).toMatchObject({
      status: 400,
      body: { reason: 'CAPTCHA_INVALID' },
    });
  });

  test('an unsolved, tampered or foreign challenge is refused', async () => {
    const solved = decode(await solveCaptcha(site.server));
    const unsolved = { ...solved, solution: { counter: 0, derivedKey: '00'.repeat(32) } };
    const easier = {
      ...solved,
      challenge: { ...solved.challenge, parameters: { ...solved.challenge.parameters, cost: 2 } },
    };
    const other = await site.startAnother({
      env: { SESSION_SECRET: 'another server with another secret key' },
    });
    const foreign = await solveCaptcha(other);
    for (const token of [encode(unsolved), encode(easier), foreign, 'not base64 json']) {
      expect(await submitWith(site.server, token)).toMatchObject({
        status: 400,
        body: { reason: 'CAPTCHA_INVALID' },
      });
    }
  });
});

describe('reCAPTCHA', () => {
  let google: Server;
  let requests: URLSearchParams[];
  let recaptcha: TestServer;

  beforeAll(async () => {
    requests = [];
    google = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        requests.push(form);
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ success: form.get('response')?.startsWith('good') }));
      });
    });
    await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
    const { port } = google.address() as AddressInfo;
    recaptcha = await site.startAnother({
      env: {
        RECAPTCHA_SITE_KEY: 'site-key-123',
        RECAPTCHA_SECRET: 'secret-456',
        RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
      },
    });
  });

  afterAll(async () => {
    await new Promise((resolve) => google?.close(resolve));
  });

  test('is chosen when its keys are set, and offered to the browser with the site key', async () => {
    const config = await readJson<PublicConfig>(await recaptcha.fetch('/api/public_config'));
    expect(config.captcha).toEqual({ provider: 'recaptcha', siteKey: 'site-key-123' });
  });

  test('tokens are checked with siteverify, with our secret and the client address', async () => {
    expect((await submitWith(recaptcha, 'good-token-1')).status).toBe(200);
    expect(requests.at(-1)?.get('secret')).toBe('secret-456');
    expect(requests.at(-1)?.get('response')).toBe('good-token-1');
    expect(requests.at(-1)?.get('remoteip')).toBe('127.0.0.1');
    expect(await submitWith(recaptcha, 'bad-token')).toMatchObject({
      status: 400,
      body: { reason: 'CAPTCHA_INVALID' },
    });
  });

  test('a token is used once, even if Google were to accept it again', async () => {
    expect((await submitWith(recaptcha, 'good-token-2')).status).toBe(200);
    expect((await submitWith(recaptcha, 'good-token-2')).status).toBe(400);
  });

  test('an unreachable siteverify refuses rather than lets through', async () => {
    const unreachable = await site.startAnother({
      env: {
        RECAPTCHA_SITE_KEY: 'k',
        RECAPTCHA_SECRET: 's',
        RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:1/siteverify',
      },
    });
    expect((await submitWith(unreachable, 'good-token-3')).status).toBe(400);
  });
});

test('CAPTCHA_PROVIDER=off accepts any token and still shows the ALTCHA widget', async () => {
  const off = await site.startAnother({ env: { CAPTCHA_PROVIDER: 'off' } });
  const config = await readJson<PublicConfig>(await off.fetch('/api/public_config'));
  expect(config.captcha.provider).toBe('altcha');
  expect((await submitWith(off, 'anything')).status).toBe(200);
});

test('a submission is stored for review with what was sent and nothing more', async () => {
  const email = uniqueEmail('submitter');
  const client = await site.server.client();
  await client.postJson('/api/submit_source', {
    name: '  Stored Blog ',
    url: 'https://stored.example/blog',
    email,
    recaptchaVerifyToken: await solveCaptcha(site.server),
    status: 'approved',
    source_id: 1,
  });
  const { rows } = await site.db.query(
    'SELECT name, url, status, source_id, user_id FROM source_submissions WHERE email = $1',
    [email],
  );
  expect(rows).toEqual([
    {
      name: 'Stored Blog',
      url: 'https://stored.example/blog',
      status: 'pending',
      source_id: null,
      user_id: null,
    },
  ]);
});

test('a submitted address must be http(s)', async () => {
  for (const url of ['javascript:alert(1)', 'ftp://files.example/', 'http://user@host.example/']) {
    const response = await (
      await site.server.client()
    ).post('/api/submit_source', {
      name: 'Bad',
      url,
      email: uniqueEmail('submitter'),
      recaptchaVerifyToken: await solveCaptcha(site.server),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      reason: 'VALIDATION_FAILED',
      details: [{ path: 'body.url' }],
    });
  }
});

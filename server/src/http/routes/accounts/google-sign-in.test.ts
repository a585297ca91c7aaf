import type { PublicConfig } from '@blogstream/shared/contract';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import {
  accountsTestConfig,
  readJson,
  solveCaptcha,
  uniqueEmail,
} from '../../../testing/accounts-harness.js';
import { routeTestSite } from '../../../testing/route-test-site.js';

const CLIENT_ID = 'blogstream-test.apps.googleusercontent.com';
const KID = 'test-key';

let jwksServer: Server;
let googleKey: CryptoKey;
let strangerKey: CryptoKey;

beforeAll(async () => {
  const google = await generateKeyPair('RS256', { extractable: true });
  googleKey = google.privateKey;
  ({ privateKey: strangerKey } = await generateKeyPair('RS256'));
  const jwks = {
    keys: [{ ...(await exportJWK(google.publicKey)), kid: KID, alg: 'RS256', use: 'sig' }],
  };
  jwksServer = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(jwks));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => jwksServer?.close(resolve));
});

const site = routeTestSite('embedded', {
  config: () => {
    const { port } = jwksServer.address() as AddressInfo;
    return accountsTestConfig({
      env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` },
    });
  },
});

interface TokenOptions {
  claims?: JWTPayload;
  key?: CryptoKey;
  audience?: string | string[];
  issuer?: string;
  expiresIn?: string | number;
}

let subCount = 0;

function identity(email = uniqueEmail('google')) {
  subCount += 1;
  return { sub: `google-${subCount}`, email, email_verified: true, name: 'Margaret Hamilton' };
}

function idToken({
  claims = identity(),
  key = googleKey,
  audience = CLIENT_ID,
  issuer = 'https://accounts.google.com',
  expiresIn = '1h',
}: TokenOptions = {}): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: KID })
    .setIssuedAt()
    .setIssuer(issuer)
    .setAudience(audience)
    .setExpirationTime(expiresIn)
    .sign(key);
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function signInWith(token: string) {
  const browser = await site.server.client();
  const response = await browser.post('/api/sso_google', { id_token: token });
  const session = await browser.get('/api/check_logged_in').then((r) => r.json());
  return { status: response.status, body: await response.json(), session };
}

test('a valid id_token signs in a new, verified account and says so in check_logged_in', async () => {
  const claims = identity();
  const result = await signInWith(await idToken({ claims }));
  expect(result.status).toBe(200);
  expect(result.body).toEqual({ name: 'Margaret Hamilton', email: claims.email });
  expect(result.session).toMatchObject({ email: claims.email, ssoProvider: 'google' });
  const { rows } = await site.db.query(
    `SELECT google_sub, password_hash, email_verified_at IS NOT NULL AS verified
       FROM users WHERE email = $1`,
    [claims.email],
  );
  expect(rows).toEqual([{ google_sub: claims.sub, password_hash: null, verified: true }]);
  // The same identity signs in to the same account again.
  expect((await signInWith(await idToken({ claims }))).session).toMatchObject({
    email: claims.email,
  });
});

describe('forged or unusable tokens are refused and start no session', () => {
  const forgeries: [string, () => Promise<string>][] = [
    ['signed by another key', () => idToken({ key: strangerKey })],
    [
      'for another audience',
      () => idToken({ audience: 'someone-else.apps.googleusercontent.com' }),
    ],
    ['from another issuer', () => idToken({ issuer: 'https://evil.example' })],
    ['expired', () => idToken({ expiresIn: Math.floor(Date.now() / 1000) - 60 })],
    [
      'unsigned (alg none)',
      async () => {
        const now = Math.floor(Date.now() / 1000);
        const claims = {
          ...identity(),
          iss: 'https://accounts.google.com',
          aud: CLIENT_ID,
          iat: now,
          exp: now + 3600,
        };
        return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
      },
    ],
    [
      'with an unverified e-mail',
      () => idToken({ claims: { ...identity(), email_verified: false } }),
    ],
    ['without an e-mail', () => idToken({ claims: { sub: 'google-no-email' } })],
    ['not a JWT at all', async () => 'garbage'],
  ];

  test.each(forgeries)('%s', async (_name, forge) => {
    const token = await forge();
    const before = await site.db.query('SELECT count(*) AS users FROM users');
    const result = await signInWith(token);
    expect(result.status).toBe(401);
    expect(result.body).toMatchObject({ reason: 'UNAUTHORIZED' });
    expect(result.session).toEqual({});
    expect(await site.db.query('SELECT count(*) AS users FROM users')).toEqual(before);
  });
});

describe('a token for several audiences needs us as its authorized party (OIDC Core 3.1.3.7)', () => {
  const OTHER_CLIENT = 'someone-else.apps.googleusercontent.com';
  const cases: [string, 'accepted' | 'refused', string | string[], string | undefined][] = [
    ['an audience list of only us', 'accepted', [CLIENT_ID], undefined],
    ['us and another, without azp', 'refused', [CLIENT_ID, OTHER_CLIENT], undefined],
    ['us and another, azp us', 'accepted', [CLIENT_ID, OTHER_CLIENT], CLIENT_ID],
    ['us and another, azp the other', 'refused', [CLIENT_ID, OTHER_CLIENT], OTHER_CLIENT],
    ['only us, azp another', 'refused', CLIENT_ID, OTHER_CLIENT],
  ];

  test.each(cases)('%s: %s', async (_name, expected, audience, azp) => {
    const claims = { ...identity(), ...(azp ? { azp } : {}) };
    const result = await signInWith(await idToken({ claims, audience }));
    const { rows } = await site.db.query('SELECT 1 FROM users WHERE email = $1', [claims.email]);
    const outcome = result.status === 200 && rows.length === 1 ? 'accepted' : 'refused';
    expect({ outcome, status: result.status }).toEqual({
      outcome: expected,
      status: expected === 'accepted' ? 200 : 401,
    });
    if (expected === 'refused') expect(result.session).toEqual({});
  });
});

test('links to a verified password account with the same address', async () => {
  const reader = await site.signIn();
  const claims = identity(reader.email);
  expect((await signInWith(await idToken({ claims }))).session).toMatchObject({
    email: reader.email,
    ssoProvider: 'google',
  });
  // The password still works too.
  await (
    await site.server.client()
  ).postJson('/api/signin_with_email', {
    email: reader.email,
    password: reader.password,
  });
});

test('linking an account nobody verified drops the password its creator chose', async () => {
  const email = uniqueEmail('victim');
  const squatter = await site.server.client();
  await squatter.postJson('/api/signup_with_email', {
    name: 'Squatter',
    email,
    password: 'chosen by the squatter',
    recaptchaVerifyToken: await solveCaptcha(site.server),
  });
  expect((await signInWith(await idToken({ claims: identity(email) }))).session).toMatchObject({
    email,
  });
  const attempt = await squatter.post('/api/signin_with_email', {
    email,
    password: 'chosen by the squatter',
  });
  expect(attempt.status).toBe(401);
});

test('an address already linked to another Google identity is refused', async () => {
  const email = uniqueEmail('google');
  await signInWith(await idToken({ claims: identity(email) }));
  const result = await signInWith(await idToken({ claims: identity(email) }));
  expect(result.status).toBe(401);
  expect(result.session).toEqual({});
});

test('a Google-only account cannot sign in with a password', async () => {
  const claims = identity();
  await signInWith(await idToken({ claims }));
  const response = await (
    await site.server.client()
  ).post('/api/signin_with_email', {
    email: claims.email,
    password: 'any password at all',
  });
  expect(response.status).toBe(401);
  expect(await response.json()).toMatchObject({ reason: 'INVALID_USERNAME_PASS' });
});

test('without GOOGLE_CLIENT_ID Google sign-in is off', async () => {
  const plain = await site.startAnother();
  const config = await readJson<PublicConfig>(await plain.fetch('/api/public_config'));
  expect(config.googleClientId).toBeNull();
  const response = await (
    await plain.client()
  ).post('/api/sso_google', {
    id_token: await idToken(),
  });
  expect(response.status).toBe(404);
});

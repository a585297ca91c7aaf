import type { RateLimitName, RateLimitRule } from '../../../accounts/accounts-config.js';
import {
  accountsTestConfig,
  createReader,
  openTestDatabase,
  solveCaptcha,
  startTestServer,
  uniqueEmail,
  type TestDatabase,
  type TestServer,
} from '../../../testing/accounts-harness.js';
import type { ApiClient } from '../../../testing/api-client.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase('embedded');
});

afterAll(() => database?.close());

/** A server enforcing only `rules`, trusting X-Forwarded-For so tests can play many clients. */
async function serverWith(
  rules: Partial<Record<RateLimitName, RateLimitRule>>,
): Promise<TestServer> {
  return startTestServer(
    database.db,
    accountsTestConfig({ env: { TRUST_PROXY: 'true' }, rateLimits: rules }),
  );
}

let addressCount = 0;
function nextAddress(): Record<string, string> {
  addressCount += 1;
  return { 'x-forwarded-for': `198.51.100.${addressCount % 250}` };
}

async function signIn(client: ApiClient, email: string, password: string, from = nextAddress()) {
  return client.post('/api/signin_with_email', { email, password }, from);
}

function expectRateLimited(response: Response, windowSeconds: number) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

test('password checks are limited per account and client: guesses elsewhere do not lock the owner out', async () => {
  const server = await serverWith({ signInPerAccountAndClient: { limit: 3, windowSeconds: 600 } });
  try {
    const victim = await createReader(server);
    const attacker = await server.client();
    const attackerAddress = nextAddress();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const guess = await signIn(attacker, victim.email, `guess ${attempt}`, attackerAddress);
      expect(guess.status).toBe(401);
    }
    const blocked = await signIn(attacker, victim.email, 'guess 4', attackerAddress);
    expectRateLimited(blocked, 600);
    expect(await blocked.json()).toMatchObject({ reason: 'RATE_LIMITED' });
    // Even the right password waits there until the window ends (no lock-out beyond it).
    expect((await signIn(attacker, victim.email, victim.password, attackerAddress)).status).toBe(
      429,
    );
    // The owner, from their own address, signs in.
    const owner = await server.client();
    expect((await signIn(owner, victim.email, victim.password)).status).toBe(200);
    // Other accounts are unaffected, even from the attacker's address.
    const other = await createReader(server);
    expect((await signIn(attacker, other.email, other.password, attackerAddress)).status).toBe(200);
  } finally {
    await server.close();
  }
});

test('password checks per client address are limited across accounts', async () => {
  const server = await serverWith({ signInPerIp: { limit: 2, windowSeconds: 600 } });
  try {
    const client = await server.client();
    const from = { 'x-forwarded-for': '203.0.113.7' };
    expect((await signIn(client, uniqueEmail(), 'password one', from)).status).toBe(401);
    expect((await signIn(client, uniqueEmail(), 'password two', from)).status).toBe(401);
    expectRateLimited(await signIn(client, uniqueEmail(), 'password three', from), 600);
    expect((await signIn(client, uniqueEmail(), 'password four')).status).toBe(401);
  } finally {
    await server.close();
  }
});

test('the limit lifts when its window ends', async () => {
  const server = await serverWith({ signInPerAccountAndClient: { limit: 1, windowSeconds: 1 } });
  try {
    const email = uniqueEmail();
    const client = await server.client();
    const from = nextAddress();
    await signIn(client, email, 'first try', from);
    let status = (await signIn(client, email, 'second try', from)).status;
    // Fixed windows: at most one second from the second attempt to the next window.
    const deadline = Date.now() + 2_500;
    while (status === 429 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await signIn(client, email, 'later try', from)).status;
    }
    expect(status).toBe(401);
  } finally {
    await server.close();
  }
});

test('sign-up is limited per address and per client; a refused sign-up creates nothing', async () => {
  const server = await serverWith({
    signUpPerAddress: { limit: 1, windowSeconds: 3600 },
    signUpPerIp: { limit: 2, windowSeconds: 3600 },
  });
  try {
    const client = await server.client();
    const signUp = async (email: string, from: Record<string, string>) =>
      client.post(
        '/api/signup_with_email',
        {
          name: 'Rate',
          email,
          password: 'long enough password',
          recaptchaVerifyToken: await solveCaptcha(server),
        },
        from,
      );
    const email = uniqueEmail();
    expect((await signUp(email, nextAddress())).status).toBe(200);
    expectRateLimited(await signUp(email, nextAddress()), 3600);

    const from = { 'x-forwarded-for': '203.0.113.8' };
    expect((await signUp(uniqueEmail(), from)).status).toBe(200);
    expect((await signUp(uniqueEmail(), from)).status).toBe(200);
    const refused = uniqueEmail();
    expectRateLimited(await signUp(refused, from), 3600);
    const { rows } = await database.db.query('SELECT 1 FROM users WHERE email = $1', [refused]);
    expect(rows).toHaveLength(0);
  } finally {
    await server.close();
  }
});

test('forgot-password is limited per address, known or not', async () => {
  const server = await serverWith({ forgotPasswordPerAddress: { limit: 1, windowSeconds: 3600 } });
  try {
    const client = await server.client();
    const forgot = async (email: string) =>
      client.post(
        '/api/forgot_password',
        { email, recaptchaVerifyToken: await solveCaptcha(server) },
        nextAddress(),
      );
    const reader = await createReader(server);
    const unknown = uniqueEmail('nobody');
    for (const email of [reader.email, unknown]) {
      expect((await forgot(email)).status).toBe(200);
      expectRateLimited(await forgot(email), 3600);
    }
  } finally {
    await server.close();
  }
});

test('submissions are limited per address domain', async () => {
  const server = await serverWith({ submitSourcePerDomain: { limit: 2, windowSeconds: 86_400 } });
  try {
    const client = await server.client();
    const submit = async (email: string) =>
      client.post(
        '/api/submit_source',
        {
          name: 'Spam',
          url: 'https://spam.example/',
          email,
          recaptchaVerifyToken: await solveCaptcha(server),
        },
        nextAddress(),
      );
    expect((await submit('one@victim.example')).status).toBe(200);
    expect((await submit('two@victim.example')).status).toBe(200);
    expectRateLimited(await submit('three@victim.example'), 86_400);
    expect((await submit('one@elsewhere.example')).status).toBe(200);
  } finally {
    await server.close();
  }
});

test('the counters live in the database, shared by every web process', async () => {
  const rules = { signInPerAccountAndClient: { limit: 2, windowSeconds: 600 } };
  const first = await serverWith(rules);
  const second = await serverWith(rules);
  try {
    const email = uniqueEmail();
    const from = nextAddress();
    expect((await signIn(await first.client(), email, 'one guess', from)).status).toBe(401);
    expect((await signIn(await second.client(), email, 'two guesses', from)).status).toBe(401);
    expect((await signIn(await first.client(), email, 'three guesses', from)).status).toBe(429);
  } finally {
    await first.close();
    await second.close();
  }
});

/** A call behind a captcha: its rule per client, and its rules per address the body names. */
interface CaptchaGuardedCall {
  path: string;
  perClient: RateLimitName;
  perAddress: RateLimitName[];
  body(email: string, recaptchaVerifyToken: string): object;
}

const captchaGuardedCalls: CaptchaGuardedCall[] = [
  {
    path: '/api/signup_with_email',
    perClient: 'signUpPerIp',
    perAddress: ['signUpPerAddress'],
    body: (email, recaptchaVerifyToken) => ({
      name: 'Owner',
      email,
      password: 'long enough password',
      recaptchaVerifyToken,
    }),
  },
  {
    path: '/api/forgot_password',
    perClient: 'forgotPasswordPerIp',
    perAddress: ['forgotPasswordPerAddress'],
    body: (email, recaptchaVerifyToken) => ({ email, recaptchaVerifyToken }),
  },
  {
    path: '/api/submit_source',
    perClient: 'submitSourcePerIp',
    perAddress: ['submitSourcePerAddress', 'submitSourcePerDomain'],
    body: (email, recaptchaVerifyToken) => ({
      name: 'A blog',
      url: 'https://blog.invalid/',
      email,
      recaptchaVerifyToken,
    }),
  },
  {
    path: '/api/subscribe_topic_digest',
    perClient: 'digestSubscribePerIp',
    perAddress: ['digestSubscribePerAddress'],
    body: (email, recaptchaVerifyToken) => ({ email, topic: 'security', recaptchaVerifyToken }),
  },
];

const UNSOLVED_CAPTCHA = 'not a solution';

let domainCount = 0;

/** An address alone on its domain, so no other test counts against its domain. */
function addressOnItsOwnDomain(): string {
  domainCount += 1;
  return `owner@domain-${process.pid}-${domainCount}.example`;
}

function limitedTo(limit: number, rules: RateLimitName[]) {
  return Object.fromEntries(rules.map((rule) => [rule, { limit, windowSeconds: 3600 }]));
}

describe.each(captchaGuardedCalls)('$path', ({ path, perClient, perAddress, body }) => {
  test('unsolved captchas use up nothing of the address they name: its owner still gets through', async () => {
    const server = await serverWith(limitedTo(2, perAddress));
    try {
      const client = await server.client();
      const email = addressOnItsOwnDomain();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const refused = await client.post(path, body(email, UNSOLVED_CAPTCHA), nextAddress());
        expect(refused.status).toBe(400);
        expect(await refused.json()).toMatchObject({ reason: 'CAPTCHA_INVALID' });
      }
      const owner = await client.post(path, body(email, await solveCaptcha(server)), nextAddress());
      expect(owner.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  test('requests with a solved captcha count against the address', async () => {
    const server = await serverWith(limitedTo(1, perAddress));
    try {
      const client = await server.client();
      const email = addressOnItsOwnDomain();
      const send = async () =>
        client.post(path, body(email, await solveCaptcha(server)), nextAddress());
      expect((await send()).status).toBe(200);
      expectRateLimited(await send(), 3600);
    } finally {
      await server.close();
    }
  });

  test('the client limit comes before the captcha', async () => {
    const server = await serverWith(limitedTo(2, [perClient]));
    try {
      const client = await server.client();
      const from = nextAddress();
      const send = async () => client.post(path, body(uniqueEmail(), UNSOLVED_CAPTCHA), from);
      expect((await send()).status).toBe(400);
      expect((await send()).status).toBe(400);
      expectRateLimited(await send(), 3600);
    } finally {
      await server.close();
    }
  });
});

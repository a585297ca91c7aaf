// A browser-like API client for the benches and drills: keeps cookies, sends the XSRF header from the
// XSRF-TOKEN cookie on every POST (as server/src/testing/api-client.ts and the front end do),
// and makes signed-in readers through the real sign-up: solved ALTCHA captcha, the e-mailed
// verification link read from /dev/mail, sign-in.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

export class ApiClient {
  cookies = new Map();

  constructor(origin, { headers = {} } = {}) {
    this.origin = origin;
    this.extraHeaders = headers;
  }

  async start() {
    const response = await this.get('/api/check_logged_in');
    await response.arrayBuffer();
    return this;
  }

  get(path, headers = {}) {
    return this.send(path, { method: 'GET', headers });
  }

  post(path, body = {}, headers = {}) {
    const xsrf = this.cookies.get('XSRF-TOKEN');
    return this.send(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
        ...headers,
      },
      body: JSON.stringify(body),
    });
  }

  /** POST and parse the JSON answer; throws (with the status) on a non-2xx answer. */
  async postJson(path, body = {}, headers = {}) {
    const response = await this.post(path, body, headers);
    const text = await response.text();
    if (!response.ok) {
      throw Object.assign(
        new Error(`POST ${path} answered ${response.status}: ${text.slice(0, 300)}`),
        {
          status: response.status,
        },
      );
    }
    return text ? JSON.parse(text) : undefined;
  }

  async getJson(path) {
    const response = await this.get(path);
    const text = await response.text();
    if (!response.ok)
      throw new Error(`GET ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text);
  }

  /** The Cookie and XSRF headers of this client, for autocannon. */
  headers() {
    const xsrf = this.cookies.get('XSRF-TOKEN');
    return {
      'content-type': 'application/json',
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
    };
  }

  async send(path, init) {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${this.origin}${path}`, {
      ...init,
      redirect: 'manual',
      headers: { ...this.extraHeaders, ...(cookie ? { cookie } : {}), ...init.headers },
      signal: AbortSignal.timeout(30_000),
    });
    for (const setCookie of response.headers.getSetCookie()) this.remember(setCookie);
    return response;
  }

  remember(setCookie) {
    const [pair = '', ...attributes] = setCookie.split(';');
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

/** Solves one of the server's ALTCHA challenges the way the widget does (accounts-harness.ts). */
export async function solveCaptcha(origin) {
  const challenge = await (await fetch(`${origin}/api/captcha/challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the captcha challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The newest link containing `pathPart` mailed to `recipient`, read from /dev/mail. */
export async function linkFromMail(origin, recipient, pathPart, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const html = await (await fetch(`${origin}/dev/mail`)).text();
    for (const article of html.split('<article>').slice(1)) {
      if (!article.includes(recipient)) continue;
      const href = [...article.matchAll(/href="([^"]+)"/g)]
        .map((match) => match[1].replace(/&amp;/g, '&'))
        .find((link) => link.includes(pathPart));
      if (href) return new URL(href).pathname;
    }
    if (Date.now() > deadline) throw new Error(`no ${pathPart} link was mailed to ${recipient}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

let readerCount = 0;

/** A verified, signed-in reader made through the public API only. */
export async function createReader(origin, prefix = 'drill', { headers = {} } = {}) {
  readerCount += 1;
  const email = `${prefix}-${process.pid}-${readerCount}-${Date.now() % 100000}@example.com`;
  const password = 'correct horse battery staple';
  const client = await new ApiClient(origin, { headers }).start();
  await client.postJson('/api/signup_with_email', {
    name: `Drill Reader ${readerCount}`,
    email,
    password,
    recaptchaVerifyToken: await solveCaptcha(origin),
  });
  const verifyPath = await linkFromMail(origin, email, 'verify_email');
  const verified = await client.get(verifyPath);
  await verified.arrayBuffer();
  if (verified.status >= 400) throw new Error(`verification answered ${verified.status}`);
  await client.postJson('/api/signin_with_email', { email, password });
  const state = await client.getJson('/api/check_logged_in');
  if (!state || state.email !== email) {
    throw new Error(`the new reader is not signed in: ${JSON.stringify(state)}`);
  }
  return { client, email, password };
}

/** One line a runner can collect: `DRILL_RESULT {"name":...,"pass":...}`. */
export function reportResult(result) {
  console.info(`\n${result.pass ? 'PASS' : 'FAIL'} ${result.name}: ${result.summary}`);
  console.info(`DRILL_RESULT ${JSON.stringify(result)}`);
  process.exitCode = result.pass ? 0 : 1;
}

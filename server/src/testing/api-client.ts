import type { ServedApp } from './serve.js';

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

/**
 * A browser-like client for API tests: keeps cookies between calls and sends the XSRF header
 * from the XSRF cookie on every POST, as the front end's axios instance does.
 */
export class ApiClient {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly app: ServedApp) {}

  /** Loads the session and XSRF cookies the way the site does on its first page load. */
  async start(): Promise<this> {
    await this.get('/api/check_logged_in');
    return this;
  }

  get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.send(path, { method: 'GET', headers });
  }

  post(path: string, body: unknown = {}, headers: Record<string, string> = {}): Promise<Response> {
    return this.postText(path, JSON.stringify(body), headers);
  }

  /** POST a body sent exactly as given (malformed JSON, other content types). */
  postText(path: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
    const xsrf = this.cookies.get(XSRF_COOKIE);
    return this.send(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(xsrf ? { [XSRF_HEADER]: xsrf } : {}),
        ...headers,
      },
      body,
    });
  }

  /** POST and parse the JSON answer, failing the test on a non-2xx status. */
  async postJson<T = unknown>(path: string, body: unknown = {}): Promise<T> {
    const response = await this.post(path, body);
    const text = await response.text();
    if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  private async send(path: string, init: RequestInit & { headers: Record<string, string> }) {
    const cookieHeader = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await this.app.fetch(path, {
      ...init,
      headers: { ...(cookieHeader ? { cookie: cookieHeader } : {}), ...init.headers },
    });
    for (const setCookie of response.headers.getSetCookie()) this.remember(setCookie);
    return response;
  }

  private remember(setCookie: string): void {
    const [pair = '', ...attributes] = setCookie.split(';');
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

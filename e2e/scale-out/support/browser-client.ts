/**
 * A browser's cookies and XSRF header without the browser: one cookie jar whose requests may go
 * to any web process, as a load balancer without sticky sessions would send them.
 */
export class BrowserClient {
  private readonly cookies = new Map<string, string>();

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request(base: string, path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set(
        'cookie',
        [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      );
    }
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (init.method && init.method !== 'GET' && xsrf) headers.set('x-xsrf-token', xsrf);
    const response = await fetch(`${base}${path}`, { redirect: 'manual', ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') {
        this.cookies.delete(name);
      } else {
        this.cookies.set(name, value);
      }
    }
    return response;
  }

  get(base: string, path: string): Promise<Response> {
    return this.request(base, path);
  }

  post(base: string, path: string, body: unknown = {}): Promise<Response> {
    return this.request(base, path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  /** POST that must answer 2xx; its JSON. */
  async postJson<T>(base: string, path: string, body: unknown = {}): Promise<T> {
    const response = await this.post(base, path, body);
    if (!response.ok) {
      throw new Error(`POST ${base}${path}: ${response.status} ${await response.text()}`);
    }
    return (await response.json()) as T;
  }
}

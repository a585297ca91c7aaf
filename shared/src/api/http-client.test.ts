import {
  adoptEarlyAnswer,
  axiosTransport,
  failureReason,
  httpClient,
  isShowingSavedAnswers,
  type EarlyAnswer,
} from '@blogstream/shared/api';

/** What the page sent through XMLHttpRequest, which axios uses in the browser. */
interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  withCredentials: boolean;
  body: unknown;
}

/** Replaces the browser's XMLHttpRequest with one that records the request and answers `text`. */
function answer(
  status: number,
  text: string,
  headers = 'content-type: application/json',
): SentRequest[] {
  const sent: SentRequest[] = [];
  class RecordingRequest {
    readyState = 0;
    status = 0;
    statusText = '';
    responseText = '';
    response = '';
    withCredentials = false;
    timeout = 0;
    responseType = '';
    onloadend: (() => void) | null = null;
    private request: SentRequest = {
      method: '',
      url: '',
      headers: {},
      withCredentials: false,
      body: null,
    };
    open(method: string, url: string) {
      this.request = { ...this.request, method, url };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    getAllResponseHeaders() {
      return headers;
    }
    send(body: unknown) {
      sent.push({ ...this.request, withCredentials: this.withCredentials, body });
      setTimeout(() => {
        Object.assign(this, { readyState: 4, status, responseText: text, response: text });
        this.onloadend?.();
      });
    }
    abort() {}
    addEventListener() {}
    upload = { addEventListener() {} };
  }
  window.XMLHttpRequest = RecordingRequest as unknown as typeof XMLHttpRequest;
  return sent;
}

describe('the HTTP client', () => {
  const realRequest = window.XMLHttpRequest;
  let mockedTransport = httpClient.transport;

  beforeEach(() => {
    // jest.setup.ts mocks the API for every test; these tests reach axios itself.
    mockedTransport = httpClient.transport;
    httpClient.transport = axiosTransport;
  });

  afterEach(() => {
    httpClient.transport = mockedTransport;
    window.XMLHttpRequest = realRequest;
    document.cookie = 'XSRF-TOKEN=test-token; path=/';
  });

  it('calls /api with cookies, JSON and the XSRF cookie/header pair', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D123; path=/';
    const sent = answer(200, '{"ok":true}');

    const response = await httpClient.request({ url: '/search', body: { queryData: 'rust' } });

    expect(response).toEqual({ status: 200, data: { ok: true }, savedCopy: false });
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/search',
        withCredentials: true,
        headers: expect.objectContaining({
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'X-XSRF-TOKEN': 'abc=123',
        }),
        body: '{"queryData":"rust"}',
      },
    ]);
  });

  it('sends a GET without a body, and reads an empty answer as an empty string', async () => {
    const sent = answer(200, '');

    const response = await httpClient.request({ url: '/check_logged_in', method: 'GET' });

    expect(response.data).toBe('');
    expect(sent).toMatchObject([{ method: 'GET', url: '/api/check_logged_in' }]);
    expect(sent[0]?.body ?? null).toBeNull();
  });

  it('notes an answer the service worker served from its saved copy, until a fresh one', async () => {
    answer(200, '[]', 'content-type: application/json\r\nx-saved-copy: 1');
    await httpClient.request({ url: '/discover_feed', body: {} });
    expect(isShowingSavedAnswers()).toBe(true);

    answer(200, '[]');
    await httpClient.request({ url: '/discover_feed', body: {} });
    expect(isShowingSavedAnswers()).toBe(false);
  });

  it('rejects an answer outside 2xx with its status and body', async () => {
    answer(409, '{"reason":"USER_EXISTS"}');

    await expect(httpClient.request({ url: '/signup', body: {} })).rejects.toMatchObject({
      response: { status: 409, data: { reason: 'USER_EXISTS' } },
    });
  });

  it("a first visit's unsafe call waits for the session check that sets its XSRF cookie", async () => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    let answerSessionCheck: (answer: EarlyAnswer) => void = () => undefined;
    adoptEarlyAnswer(
      '/check_logged_in',
      new Promise<EarlyAnswer>((resolve) => (answerSessionCheck = resolve)),
    );
    const sent = answer(200, '[]');

    const feed = httpClient.request({ url: '/discover_feed', body: { offset: 0, limit: 3 } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);

    // The browser stores the answer's cookies as it arrives.
    document.cookie = 'XSRF-TOKEN=first-visit; path=/';
    answerSessionCheck({ status: 200, text: '{"loggedIn":false}' });
    await feed;
    expect(sent).toMatchObject([
      {
        url: '/api/discover_feed',
        headers: expect.objectContaining({ 'X-XSRF-TOKEN': 'first-visit' }),
      },
    ]);
  });

  it('without a session check on its way, an unsafe call asks for one first', async () => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const sent = answer(200, '{}');

    await httpClient.request({ url: '/bookmark_post', body: { postId: 1 } });

    expect(sent.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET /api/check_logged_in',
      'POST /api/bookmark_post',
    ]);
  });

  it("reads the server's machine-readable reason from a failure", () => {
    expect(failureReason({ status: 400, data: { reason: 'USER_EXISTS' } })).toBe('USER_EXISTS');
    expect(failureReason({ status: 'NETWORK', data: undefined })).toBeUndefined();
  });
});

describe("the HTTP client's axios chunk", () => {
  it('fails a call as a network failure when it cannot load, and loads it again for the next call', async () => {
    await jest.isolateModulesAsync(async () => {
      let available = false;
      jest.doMock('./axios-transport.js', () => {
        if (!available) throw new Error('Loading chunk http-client failed');
        return { axiosTransport: async () => ({ status: 200, data: { ok: true } }) };
      });
      const { axiosTransport, httpBaseQuery } = await import('./http-client.js');
      const call = () =>
        httpBaseQuery({ url: '/get_all_topics', method: 'GET' }, { extra: undefined } as never, {});

      expect(await call()).toEqual({ error: { status: 'NETWORK', data: undefined } });

      available = true;
      jest.resetModules();
      await expect(
        axiosTransport({ url: '/get_all_topics', method: 'GET', body: undefined }),
      ).resolves.toEqual({ status: 200, data: { ok: true } });
    });
  });
});

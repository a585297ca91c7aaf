import { failureReason, fetchTransport, httpClient } from '@blogstream/shared/api';

describe('the HTTP client', () => {
  let mockedTransport = httpClient.transport;

  beforeEach(() => {
    // jest.setup.ts mocks the API for every test; these tests reach fetch itself.
    mockedTransport = httpClient.transport;
    httpClient.transport = fetchTransport;
  });

  afterEach(() => {
    httpClient.transport = mockedTransport;
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  function answer(status: number, text: string) {
    const fetchMock = jest.fn().mockResolvedValue({ status, text: () => Promise.resolve(text) });
    global.fetch = fetchMock;
    return fetchMock;
  }

  it('calls /api with cookies, JSON and the XSRF cookie/header pair', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D123; path=/';
    const fetchMock = answer(200, '{"ok":true}');

    const response = await httpClient.request({ url: '/search', body: { queryData: 'rust' } });

    expect(response).toEqual({ status: 200, data: { ok: true } });
    expect(fetchMock).toHaveBeenCalledWith('/api/search', {
      method: 'POST',
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'X-XSRF-TOKEN': 'abc=123',
      },
      body: '{"queryData":"rust"}',
    });
  });

  it('sends a GET without a body, and reads an empty answer as an empty string', async () => {
    const fetchMock = answer(200, '');

    const response = await httpClient.request({ url: '/check_logged_in', method: 'GET' });

    expect(response.data).toBe('');
    expect(fetchMock).toHaveBeenCalledWith('/api/check_logged_in', {
      method: 'GET',
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
  });

  it('rejects an answer outside 2xx with its status and body', async () => {
    answer(409, '{"reason":"USER_EXISTS"}');

    await expect(httpClient.request({ url: '/signup', body: {} })).rejects.toMatchObject({
      response: { status: 409, data: { reason: 'USER_EXISTS' } },
    });
  });

  it("reads the server's machine-readable reason from a failure", () => {
    expect(failureReason({ status: 400, data: { reason: 'USER_EXISTS' } })).toBe('USER_EXISTS');
    expect(failureReason({ status: 'NETWORK', data: undefined })).toBeUndefined();
  });
});

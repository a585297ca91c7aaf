import { failureReason, httpClient } from '@blogstream/shared/api';

describe('the HTTP client', () => {
  it('calls /api with cookies and the XSRF cookie/header pair', () => {
    expect(httpClient.defaults.baseURL).toBe('/api');
    expect(httpClient.defaults.withCredentials).toBe(true);
    expect(httpClient.defaults.xsrfCookieName).toBe('XSRF-TOKEN');
    expect(httpClient.defaults.xsrfHeaderName).toBe('X-XSRF-TOKEN');
  });

  it("reads the server's machine-readable reason from a failure", () => {
    expect(failureReason({ status: 400, data: { reason: 'USER_EXISTS' } })).toBe('USER_EXISTS');
    expect(failureReason({ status: 'NETWORK', data: undefined })).toBeUndefined();
  });
});

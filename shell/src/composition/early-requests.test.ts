import { adoptEarlyAnswer, httpClient } from '@blogstream/shared/api';
import { endpointRequest } from '@blogstream/shared/api';
import { mockApi } from '@blogstream/shared/testing';
import {
  PUBLIC_CONFIG_URL,
  requestEarly,
  SESSION_CHECK_URL,
  takeEarlyAnswers,
} from './early-requests';

describe('the calls the shell starts before its scripts have loaded', () => {
  it('asks for the session check and the public configuration at the URLs of the endpoint table', () => {
    expect(endpointRequest('checkLoggedIn')).toEqual({ url: SESSION_CHECK_URL, method: 'GET' });
    expect(endpointRequest('publicConfig')).toEqual({ url: PUBLIC_CONFIG_URL, method: 'GET' });
  });

  it('hands its answer to the HTTP client, whose next check takes it instead of asking', async () => {
    global.fetch = jest.fn().mockResolvedValue({
      status: 200,
      text: () => Promise.resolve('{"email":"ada@example.com"}'),
    });
    const api = mockApi({ 'GET /check_logged_in': () => ({ data: { email: 'other' } }) });
    requestEarly('/api', SESSION_CHECK_URL);
    expect(global.fetch).toHaveBeenCalledWith('/api/check_logged_in', {
      method: 'GET',
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    for (const [url, answer] of takeEarlyAnswers()) adoptEarlyAnswer(url, answer);

    const first = await httpClient.request({ url: SESSION_CHECK_URL, method: 'GET' });
    const second = await httpClient.request({ url: SESSION_CHECK_URL, method: 'GET' });
    expect(first).toEqual({ status: 200, data: { email: 'ada@example.com' } });
    expect(second.data).toEqual({ email: 'other' });
    expect(api.calls).toHaveLength(1);
    api.restore();
  });
});

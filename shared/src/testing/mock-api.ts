import {
  AxiosError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { httpClient } from '@blogstream/shared/api';

export interface MockReply {
  status?: number;
  data?: unknown;
}

/** `(body) => reply` per call, keyed as 'POST /save_user_topics' or 'GET /check_logged_in'. */
export type MockHandlers = Record<string, (body: unknown) => MockReply | Promise<MockReply>>;

export interface MockedApi {
  /** Every call made, in order, with its parsed body. */
  calls: { key: string; body: unknown }[];
  restore: () => void;
}

/**
 * Answers the shared HTTP client's calls from handlers, so components are tested against the
 * API contract without a server. Unknown calls answer 404 and are recorded.
 */
export function mockApi(handlers: MockHandlers): MockedApi {
  const calls: MockedApi['calls'] = [];
  const original = httpClient.defaults.adapter;
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const key = `${(config.method ?? 'get').toUpperCase()} ${config.url ?? ''}`;
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    calls.push({ key, body });
    const handler = handlers[key];
    const reply = handler ? await handler(body) : { status: 404, data: { reason: 'NOT_FOUND' } };
    const response: AxiosResponse = {
      data: 'data' in reply ? reply.data : {},
      status: reply.status ?? 200,
      statusText: '',
      headers: {},
      config,
    };
    if (response.status >= 200 && response.status < 300) return response;
    throw new AxiosError(`HTTP ${response.status}`, 'ERR_BAD_RESPONSE', config, null, response);
  };
  httpClient.defaults.adapter = adapter;
  return { calls, restore: () => void (httpClient.defaults.adapter = original) };
}

import { httpClient, type HttpTransport } from '@blogstream/shared/api';
import type { FirstViewApiCall, FirstViewApiRequest } from '@blogstream/shared/contract/browser';

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
  const original = httpClient.transport;
  const transport: HttpTransport = async ({ method, url, body }) => {
    const key = `${method.toUpperCase()} ${url}`;
    // What the server would read: the body as JSON text, parsed.
    const sent = body === undefined ? undefined : JSON.parse(JSON.stringify(body));
    calls.push({ key, body: sent });
    const handler = handlers[key];
    const reply = handler ? await handler(sent) : { status: 404, data: { reason: 'NOT_FOUND' } };
    return { status: reply.status ?? 200, data: 'data' in reply ? reply.data : {} };
  };
  httpClient.transport = transport;
  return { calls, restore: () => void (httpClient.transport = original) };
}

/**
 * The API as the server answers a first view's calls (`FirstViewApiCall`), recording them:
 * for testing a remote's first-view renderer.
 */
export function fakeFirstViewApi(
  answer: (call: FirstViewApiRequest) => { status: number; data: unknown },
): { calls: FirstViewApiRequest[]; transport: FirstViewApiCall } {
  const calls: FirstViewApiRequest[] = [];
  const transport: FirstViewApiCall = async (call) => {
    calls.push(call);
    return answer(call);
  };
  return { calls, transport };
}

import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { ApiError } from '@blogstream/shared/contract';
import { API_PREFIX, endpointRoutes } from '@blogstream/shared/contract/browser';
import { parseJsonBody } from '@blogstream/shared/lib';
import {
  XSRF_COOKIE_NAME,
  type HttpMethod,
  type HttpRequest,
  type HttpResponse,
  type HttpTransport,
} from './http-transport.js';
import { noteAnswerSource } from './saved-answers.js';

/** What a failed call carries: the HTTP status (or 'NETWORK') and the server's error body. */
export interface HttpFailure {
  status: number | 'NETWORK';
  data: Partial<ApiError> | undefined;
}

/** Thrown by `httpClient.request` for an answer outside 2xx; a network failure throws as axios does. */
export class HttpError extends Error {
  readonly response: HttpResponse;

  constructor(response: HttpResponse) {
    super(`HTTP ${response.status}`);
    this.name = 'HttpError';
    this.response = response;
  }
}

/** The answer to a GET the page asked for before this client was loaded: its status and text. */
export interface EarlyAnswer {
  status: number;
  text: string;
}

const earlyAnswers = new Map<string, Promise<EarlyAnswer>>();

/** Early answers in flight: each sets the session's cookies when it arrives. */
const answersSettingCookies: Promise<unknown>[] = [];
const SESSION_CHECK_URL = endpointRoutes.checkLoggedIn.path.slice(API_PREFIX.length);
let xsrfCookieAsked: Promise<unknown> | undefined;

const hasXsrfCookie = () =>
  document.cookie.split('; ').some((part) => part.startsWith(`${XSRF_COOKIE_NAME}=`));

/**
 * A first visit has no XSRF cookie until an answer of the API sets it, and the server refuses an
 * unsafe call without it: such a call waits for the session check the page already asked for,
 * or asks for one (once) when none is on its way.
 */
async function xsrfCookieReady(): Promise<void> {
  if (hasXsrfCookie()) return;
  await Promise.all(answersSettingCookies);
  if (hasXsrfCookie()) return;
  xsrfCookieAsked ??= httpClient
    .transport({ url: SESSION_CHECK_URL, method: 'GET', body: undefined })
    .catch(() => undefined)
    .finally(() => (xsrfCookieAsked = undefined));
  await xsrfCookieAsked;
}

/**
 * Hands the client the answer to a GET of `url` that was asked for before the client was loaded
 * (the shell asks for the session check as the page loads): the next GET of `url` takes it
 * instead of asking again. A failed one fails that request as a network failure would.
 */
export function adoptEarlyAnswer(url: string, answer: Promise<EarlyAnswer>): void {
  earlyAnswers.set(url, answer);
  answersSettingCookies.push(answer.catch(() => undefined));
}

function takeEarlyAnswer(url: string, method: HttpMethod): Promise<EarlyAnswer> | undefined {
  const answer = method === 'GET' ? earlyAnswers.get(url) : undefined;
  earlyAnswers.delete(url);
  return answer;
}

let axiosTransportLoad: Promise<HttpTransport> | undefined;

/**
 * axios and what it brings load with the first call that needs the network: a visitor's first
 * view asks the API nothing its page did not bring (first-view state, early answers), so its page
 * never loads them (docs/decisions/0021-federation-without-the-weight.md). A signed-in reader's
 * page preloads the chunk (`data-audience="signedIn"`, config/preload-startup-chunks.mjs). A
 * failed load fails that call as a network failure would, and the next call tries again.
 */
function loadAxiosTransport(): Promise<HttpTransport> {
  axiosTransportLoad ??= import(/* webpackChunkName: "http-client" */ './axios-transport.js').then(
    (module) => module.axiosTransport,
    (error: unknown) => {
      axiosTransportLoad = undefined;
      throw error;
    },
  );
  return axiosTransportLoad;
}

/** axios (design card), loaded on first use: ./axios-transport.ts. */
export const axiosTransport: HttpTransport = async (request) =>
  (await loadAxiosTransport())(request);

/**
 * The one HTTP client of the front end, over axios. Calls are POST unless stated (spec §7); an
 * answer outside 2xx rejects with `HttpError`. Tests swap `transport` (`mockApi`).
 */
export const httpClient = {
  baseURL: API_PREFIX,
  transport: axiosTransport,
  async request({ url, method = 'POST', body }: HttpRequest): Promise<HttpResponse> {
    if (method !== 'GET') await xsrfCookieReady();
    const early = takeEarlyAnswer(url, method);
    const response: HttpResponse = early
      ? await early.then(({ status, text }) => ({ status, data: parseJsonBody(text) }))
      : await httpClient.transport({ url, method, body });
    if (!early) noteAnswerSource(response.savedCopy === true);
    if (response.status < 200 || response.status >= 300) throw new HttpError(response);
    return response;
  },
};

/**
 * What a store may carry for its queries (`makeStore`'s `transport`): a transport of its own,
 * which answers every call of that store alone. A first view rendered outside the browser asks
 * the server's API this way, with no cookies, XSRF pair or early answers.
 */
export interface StoreTransport {
  transport?: HttpTransport;
}

/** Sends a call through a store's own transport; an answer outside 2xx rejects with HttpError. */
async function requestThrough(
  transport: HttpTransport,
  { url, method = 'POST', body }: HttpRequest,
): Promise<HttpResponse> {
  const response = await transport({ url, method, body });
  if (response.status < 200 || response.status >= 300) throw new HttpError(response);
  return response;
}

/** RTK Query base query over the shared HTTP client (or the store's own transport). */
export const httpBaseQuery: BaseQueryFn<HttpRequest | string, unknown, HttpFailure> = async (
  request,
  api,
) => {
  try {
    const call = typeof request === 'string' ? { url: request } : request;
    const ownTransport = (api.extra as StoreTransport | undefined)?.transport;
    const response = ownTransport
      ? await requestThrough(ownTransport, call)
      : await httpClient.request(call);
    return { data: response.data };
  } catch (error) {
    const response = error instanceof HttpError ? error.response : undefined;
    return {
      error: {
        status: response?.status ?? 'NETWORK',
        data: response?.data as Partial<ApiError> | undefined,
      },
    };
  }
};

/** True when a failed call never reached the server: the reader is offline. */
export function isNetworkFailure(failure: unknown): boolean {
  return (failure as HttpFailure | undefined)?.status === 'NETWORK';
}

/** The server's machine-readable failure reason, if the failure carries one. */
export function failureReason(failure: unknown): string | undefined {
  const data = (failure as HttpFailure | undefined)?.data;
  return typeof data?.reason === 'string' ? data.reason : undefined;
}

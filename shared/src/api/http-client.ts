import axios, { type AxiosError, type AxiosRequestConfig } from 'axios';
import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { ApiError } from '@blogstream/shared/contract';
import { API_PREFIX } from '@blogstream/shared/contract/browser';

export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const XSRF_HEADER_NAME = 'X-XSRF-TOKEN';

/** The one HTTP client of the front end: /api on the site's own host, cookies and XSRF pair. */
export const httpClient = axios.create({
  baseURL: API_PREFIX,
  withCredentials: true,
  xsrfCookieName: XSRF_COOKIE_NAME,
  xsrfHeaderName: XSRF_HEADER_NAME,
  headers: { Accept: 'application/json' },
});

export interface HttpRequest {
  url: string;
  method?: AxiosRequestConfig['method'];
  body?: unknown;
}

/** What a failed call carries: the HTTP status (or 'NETWORK') and the server's error body. */
export interface HttpFailure {
  status: number | 'NETWORK';
  data: Partial<ApiError> | undefined;
}

/** RTK Query base query over the shared axios instance. Calls are POST unless stated (spec §7). */
export const axiosBaseQuery: BaseQueryFn<HttpRequest | string, unknown, HttpFailure> = async (
  request,
) => {
  const { url, method = 'POST', body } = typeof request === 'string' ? { url: request } : request;
  try {
    const response = await httpClient.request({ url, method, data: body });
    return { data: response.data };
  } catch (error) {
    const axiosError = error as AxiosError<Partial<ApiError>>;
    return {
      error: {
        status: axiosError.response?.status ?? 'NETWORK',
        data: axiosError.response?.data,
      },
    };
  }
};

/** The server's machine-readable failure reason, if the failure carries one. */
export function failureReason(failure: unknown): string | undefined {
  const data = (failure as HttpFailure | undefined)?.data;
  return typeof data?.reason === 'string' ? data.reason : undefined;
}

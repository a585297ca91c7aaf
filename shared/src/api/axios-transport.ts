// The HTTP client's transport over axios, in a chunk of its own that loads with the first call
// needing the network (http-client.ts, `loadAxiosTransport`).
import axios from 'axios';
import { API_PREFIX, SAVED_COPY_HEADER } from '@blogstream/shared/contract/browser';
import { parseJsonBody } from '@blogstream/shared/lib';
import { XSRF_COOKIE_NAME, XSRF_HEADER_NAME, type HttpTransport } from './http-transport.js';

const axiosInstance = axios.create({
  baseURL: API_PREFIX,
  withCredentials: true,
  xsrfCookieName: XSRF_COOKIE_NAME,
  xsrfHeaderName: XSRF_HEADER_NAME,
  headers: { Accept: 'application/json' },
  // The client decides what a status means (HttpError), and parses the body the same way for
  // an early answer and a fresh one.
  validateStatus: () => true,
  responseType: 'text',
  transformResponse: [(text: string) => parseJsonBody(text)],
});

/** axios (design card): /api on the site's own host, cookies, and the XSRF cookie/header pair. */
export const axiosTransport: HttpTransport = async ({ url, method, body }) => {
  const response = await axiosInstance.request({ url, method, data: body });
  return {
    status: response.status,
    data: response.data,
    savedCopy: response.headers[SAVED_COPY_HEADER.toLowerCase()] !== undefined,
  };
};

import type { Page } from 'playwright-core';

/**
 * A JSON API call made by the page itself (its cookies, its XSRF cookie echoed in the header, as
 * the front end's own client does), for test set-up that the UI would make slow.
 */
export async function callApi<T = unknown>(
  page: Page,
  apiPath: string,
  body?: unknown,
): Promise<{ status: number; data: T }> {
  return page.evaluate(
    async ({ apiPath, body }) => {
      const xsrf = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const response = await fetch(apiPath, {
        method: body === undefined ? 'GET' : 'POST',
        credentials: 'same-origin',
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          'x-xsrf-token': decodeURIComponent(xsrf),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      let data: unknown = text;
      try {
        data = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: response.status, data: data as T };
    },
    { apiPath, body },
  );
}

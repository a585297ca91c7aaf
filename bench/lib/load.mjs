import autocannon from 'autocannon';

/** A visitor's cookies and XSRF header, as the site's first page load would get them. */
export async function visitorHeaders(origin) {
  const response = await fetch(`${origin}/api/check_logged_in`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  const xsrf = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.split('=')[1];
  return {
    'content-type': 'application/json',
    cookie: cookies.join('; '),
    ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
  };
}

/**
 * POSTs `body` once (checked by `check`), then under autocannon: p50/p99 ms, req/s, the requests
 * answered, errors.
 */
export async function loadPost(url, { headers, body, connections, duration, check = () => true }) {
  const first = await fetch(url, { method: 'POST', headers, body });
  const json = await first.json();
  if (!first.ok || !check(json)) {
    throw new Error(`${url} answered ${first.status}: ${JSON.stringify(json).slice(0, 200)}`);
  }
  const result = await autocannon({ url, method: 'POST', headers, body, connections, duration });
  return {
    json,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

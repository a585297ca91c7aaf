import { connect } from 'node:net';
import { z } from 'zod';
import { apiErrorSchema } from '@blogstream/shared/contract';
import { buildApp } from '../app.js';
import { ApiClient } from '../testing/api-client.js';
import { captureLogs } from '../testing/log-capture.js';
import { serve, type ServedApp } from '../testing/serve.js';
import { testConfig } from '../testing/test-config.js';
import { unusedDb } from '../testing/unused-db.js';

const BODY_LIMIT_BYTES = 256;
const logs = captureLogs();
let app: ServedApp;

beforeAll(async () => {
  const fastify = await buildApp({
    config: testConfig({ BODY_LIMIT_BYTES: String(BODY_LIMIT_BYTES), LOG_LEVEL: 'info' }),
    db: unusedDb,
    logger: { stream: logs.stream },
  });
  fastify.post(
    '/api/test/echo',
    { schema: { body: z.object({ name: z.string().min(1), tags: z.array(z.string()).max(2) }) } },
    (request) => request.body,
  );
  fastify.get('/api/test/crash', () => {
    throw new Error('cannot connect with password hunter2');
  });
  fastify.get('/api/test/log-headers', (request) => {
    request.log.info({ headers: request.headers }, 'headers seen');
    return { ok: true };
  });
  app = await serve(fastify);
});

afterAll(() => app.close());

async function errorOf(response: Response) {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return { status: response.status, body: apiErrorSchema.strict().parse(await response.json()) };
}

/** POSTs with the session cookie and XSRF header a browser would hold after loading the site. */
const postJson = async (path: string, body: string, contentType = 'application/json') => {
  const client = await new ApiClient(app).start();
  return client.postText(path, body, { 'content-type': contentType });
};

test('an unknown API route is a JSON 404 whatever the method', async () => {
  for (const method of ['GET', 'POST', 'DELETE']) {
    expect(await errorOf(await app.fetch('/api/no-such-thing', { method }))).toEqual({
      status: 404,
      body: { statusCode: 404, reason: 'NOT_FOUND', message: 'No such API route.' },
    });
  }
});

const malformedUrl = {
  status: 400,
  body: {
    statusCode: 400,
    reason: 'MALFORMED_URL',
    message: 'The address is not valid: it has a malformed %-escape.',
  },
};

test.each(['/api/articles/%ff', '/api/verify_email/%c0%af', '/api/source_feed/%e0%80%80'])(
  'an API address with a malformed escape (%s) is 400 MALFORMED_URL',
  async (path) => {
    for (const method of ['GET', 'POST']) {
      expect(await errorOf(await app.fetch(path, { method }))).toEqual(malformedUrl);
    }
  },
);

test.each(['/%c0%af', '/topic/%ff', '/reset-password/%ff%fe', '/mfe/mfe-feed/%ff.js'])(
  'a page or file address with a malformed escape (%s) is 400 MALFORMED_URL too',
  async (path) => {
    const response = await app.fetch(path, { headers: { accept: 'text/html' } });
    expect(await errorOf(response)).toEqual(malformedUrl);
  },
);

test('an address part over the router limit is 414 URL_TOO_LONG', async () => {
  expect(await errorOf(await app.fetch(`/api/verify_email/${'a'.repeat(600)}`))).toEqual({
    status: 414,
    body: {
      statusCode: 414,
      reason: 'URL_TOO_LONG',
      message: 'A part of the address is too long.',
    },
  });
});

test('a body that is not valid JSON is 400 MALFORMED_JSON', async () => {
  expect(await errorOf(await postJson('/api/test/echo', '{"name": '))).toEqual({
    status: 400,
    body: {
      statusCode: 400,
      reason: 'MALFORMED_JSON',
      message: 'The request body is not valid JSON.',
    },
  });
});

test('a body in another content type is 415 UNSUPPORTED_MEDIA_TYPE', async () => {
  for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
    const response = await postJson('/api/test/echo', 'name=x', contentType);

    expect(await errorOf(response)).toMatchObject({
      status: 415,
      body: { reason: 'UNSUPPORTED_MEDIA_TYPE' },
    });
  }
});

test('a body over BODY_LIMIT_BYTES is 413 PAYLOAD_TOO_LARGE', async () => {
  const body = JSON.stringify({ name: 'x'.repeat(BODY_LIMIT_BYTES), tags: [] });

  expect(await errorOf(await postJson('/api/test/echo', body))).toMatchObject({
    status: 413,
    body: { reason: 'PAYLOAD_TOO_LARGE' },
  });
});

/**
 * Writes raw HTTP requests on one connection and resolves with everything the server sent
 * until it closed the connection or `settleMs` passed without more.
 */
function exchange(requests: string[], settleMs = 500): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(app.port, '127.0.0.1');
    let text = '';
    let timer: NodeJS.Timeout | undefined;
    const settle = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closed });
    };
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      clearTimeout(timer);
      timer = setTimeout(() => settle(false), settleMs);
    });
    socket.on('end', () => settle(true));
    socket.on('error', reject);
    socket.write(requests.join(''));
  });
}

/** The session cookie and XSRF header lines a browser would send after loading the site. */
async function browserHeaderLines(): Promise<string> {
  const response = await app.fetch('/api/check_logged_in');
  await response.arrayBuffer();
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
  const xsrf = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))!.split('=')[1];
  return `Cookie: ${cookies.join('; ')}\r\nX-XSRF-TOKEN: ${xsrf}\r\n`;
}

const tooLargePost = async (bytes: number) =>
  `POST /api/test/echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
  `${await browserHeaderLines()}Content-Length: ${bytes}\r\n\r\n${'x'.repeat(bytes)}`;

test('a body over the limit of a bounded length is read and dropped: the 413 keeps the connection, so a proxy in front never sees a reset', async () => {
  const next = 'GET /api/test/log-headers HTTP/1.1\r\nHost: localhost\r\n\r\n';
  const { text, closed } = await exchange([await tooLargePost(BODY_LIMIT_BYTES * 3), next]);

  expect(text).toMatch(/^HTTP\/1\.1 413 /);
  expect(text).not.toMatch(/\r\nconnection: close\r\n/i);
  // The next request on the same connection is answered.
  expect(text.match(/HTTP\/1\.1 \d{3} /g)).toEqual(['HTTP/1.1 413 ', 'HTTP/1.1 200 ']);
  expect(closed).toBe(false);
});

test('a body far over the limit still closes the connection after its 413', async () => {
  const { text, closed } = await exchange([await tooLargePost(BODY_LIMIT_BYTES * 40)]);

  expect(text).toMatch(/^HTTP\/1\.1 413 /);
  expect(text).toMatch(/\r\nconnection: close\r\n/i);
  expect(closed).toBe(true);
});

test('input that fails its schema is 400 VALIDATION_FAILED with each problem and its path', async () => {
  const response = await postJson('/api/test/echo', JSON.stringify({ name: '', tags: ['a', 2] }));

  const { status, body } = await errorOf(response);
  expect(status).toBe(400);
  expect(body.reason).toBe('VALIDATION_FAILED');
  expect(body.details?.map(({ path }) => path).sort()).toEqual(['body.name', 'body.tags.1']);
  expect(body.details?.every(({ message }) => message.length > 0)).toBe(true);
});

test('valid input reaches the route', async () => {
  const response = await postJson('/api/test/echo', JSON.stringify({ name: 'Ada', tags: ['go'] }));

  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ name: 'Ada', tags: ['go'] });
});

test('an unexpected error is a generic 500 for the client and a full log entry for us', async () => {
  const response = await app.fetch('/api/test/crash');
  const text = await response.clone().text();

  expect(await errorOf(response)).toEqual({
    status: 500,
    body: {
      statusCode: 500,
      reason: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side.',
    },
  });
  expect(text).not.toMatch(/hunter2|at .*\.ts/);
  const logged = logs.entries().find((entry) => entry.msg === 'unexpected error');
  expect(logged).toMatchObject({
    level: 50,
    err: { message: 'cannot connect with password hunter2' },
  });
  expect((logged?.err as { stack: string }).stack).toMatch(/api-errors\.test\.ts/);
});

test('logs leave out cookies, authorization headers and reset tokens', async () => {
  await app.fetch('/api/test/log-headers', {
    headers: { cookie: 'session=s3ss10n', authorization: 'Bearer t0k3n' },
  });
  await app.fetch('/reset-password/r3s3t-t0k3n', { headers: { accept: 'text/html' } });

  expect(logs.text()).toContain('headers seen');
  expect(logs.text()).toContain('/reset-password/[redacted]');
  expect(logs.text()).not.toMatch(/s3ss10n|t0k3n|r3s3t/);
});

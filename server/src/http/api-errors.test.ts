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

import Fastify from 'fastify';
import type { App } from './app-type.js';
import { registerAdmissionControl, type AdmissionState } from './admission-control.js';
import { registerErrorHandler } from './api-errors.js';
import { serve, type ServedApp } from '../testing/serve.js';

let served: ServedApp;
let handled: string[];
let finishSlow: (() => void)[];
let admission: AdmissionState;

beforeEach(async () => {
  handled = [];
  finishSlow = [];
  const app = Fastify() as unknown as App;
  registerErrorHandler(app);
  admission = registerAdmissionControl(app, {
    concurrency: 1,
    queue: 1,
    maxWaitMs: 300,
    answerWithinMs: 2_000,
  });
  const slow = async (request: { params: unknown }) => {
    const { name } = request.params as { name: string };
    handled.push(name);
    await new Promise<void>((resolve) => finishSlow.push(resolve));
    return { name };
  };
  app.get('/api/slow/:name', slow);
  app.post('/api/slow/:name', slow);
  app.get('/static.txt', async () => 'not limited');
  served = await serve(app);
});

afterEach(async () => {
  finishSlow.forEach((finish) => finish());
  await served.close();
});

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

test('runs one at a time, queues the next, and turns away beyond the queue with a quick 503', async () => {
  const first = served.fetch('/api/slow/first');
  await until(() => handled.length === 1);
  const second = served.fetch('/api/slow/second');
  await new Promise((resolve) => setTimeout(resolve, 20));
  const third = await served.fetch('/api/slow/third');

  expect(third.status).toBe(503);
  expect(third.headers.get('retry-after')).toBe('1');
  expect(((await third.json()) as { reason: string }).reason).toBe('SERVICE_UNAVAILABLE');
  expect(handled).toEqual(['first']);
  expect([admission.running, admission.queued]).toEqual([1, 1]);
  expect(admission.refused).toEqual({ queue_full: 1, wait_timeout: 0 });

  finishSlow[0]!();
  expect((await first).status).toBe(200);
  await until(() => handled.length === 2);
  finishSlow[1]!();
  expect((await second).status).toBe(200);
  expect(handled).toEqual(['first', 'second']);
  expect((await served.fetch('/static.txt')).status).toBe(200);
});

test('a request that waits too long gets a 503 rather than a late answer', async () => {
  const first = served.fetch('/api/slow/first');
  await until(() => handled.length === 1);
  const waited = await served.fetch('/api/slow/late');

  expect(waited.status).toBe(503);
  expect(handled).toEqual(['first']);
  expect(admission.refused).toEqual({ queue_full: 0, wait_timeout: 1 });
  finishSlow[0]!();
  await first;
});

test('a waiting request whose client left is dropped and never reaches the handler', async () => {
  const first = served.fetch('/api/slow/first');
  await until(() => handled.length === 1);
  const abort = new AbortController();
  const abandoned = served.fetch('/api/slow/abandoned', { signal: abort.signal }).catch(() => null);
  await new Promise((resolve) => setTimeout(resolve, 20));
  abort.abort();
  await abandoned;
  await new Promise((resolve) => setTimeout(resolve, 20));

  finishSlow[0]!();
  expect((await first).status).toBe(200);
  const next = served.fetch('/api/slow/next');
  await until(() => handled.length === 2);
  finishSlow[1]!();
  expect((await next).status).toBe(200);
  expect(handled).toEqual(['first', 'next']);
});

test('a POST waiting its turn is served once the running request ends', async () => {
  const first = served.fetch('/api/slow/first');
  await until(() => handled.length === 1);
  const posted = served.fetch('/api/slow/posted', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offset: 0 }),
  });
  await until(() => admission.queued === 1);
  finishSlow[0]!();
  expect((await first).status).toBe(200);
  await until(() => handled.length === 2);
  finishSlow[1]!();
  expect((await posted).status).toBe(200);
  expect(admission.refused).toEqual({ queue_full: 0, wait_timeout: 0 });
});

test('an admitted request still waiting for its answer at the deadline gets a 503, not a late answer', async () => {
  // The handler stands for one waiting on the embedded database behind other requests.
  const stalled = await served.fetch('/api/slow/stalled');

  expect(stalled.status).toBe(503);
  expect(stalled.headers.get('retry-after')).toBe('1');
  expect(await stalled.json()).toEqual({
    statusCode: 503,
    reason: 'SERVICE_UNAVAILABLE',
    message: 'The server is busy. Please try again in a moment.',
  });
  expect(handled).toEqual(['stalled']);
  expect((await served.fetch('/static.txt')).status).toBe(200);
});

test('an answer still being sent at the deadline arrives whole, not as a 503', async () => {
  const app = Fastify() as unknown as App;
  registerErrorHandler(app);
  registerAdmissionControl(app, { concurrency: 1, queue: 1, maxWaitMs: 100, answerWithinMs: 100 });
  // Stands for a large answer compressed past the deadline: sending outlasts it.
  app.addHook('onSend', async (_request, _reply, payload) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return payload;
  });
  app.get('/api/answered', async () => ({ answered: true }));
  const late = await serve(app);
  try {
    const response = await late.fetch('/api/answered');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ answered: true });
  } finally {
    await late.close();
  }
});

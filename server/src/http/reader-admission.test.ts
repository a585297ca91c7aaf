import Fastify from 'fastify';
import type { App } from './app-type.js';
import { registerAdmissionControl } from './admission-control.js';
import { registerErrorHandler } from './api-errors.js';
import { limitPerReader } from './reader-admission.js';
import { serve, type ServedApp } from '../testing/serve.js';

let served: ServedApp;
let handled: string[];
let finish: Map<string, () => void>;

beforeEach(async () => {
  handled = [];
  finish = new Map();
  const app = Fastify() as unknown as App;
  registerErrorHandler(app);
  // As in the server: every API call also has the admission control's deadline.
  registerAdmissionControl(app, {
    concurrency: 8,
    queue: 8,
    maxWaitMs: 5_000,
    answerWithinMs: 5_000,
  });
  app.decorateRequest('userId', null);
  // Stands for the session guard: the reader named by a header.
  app.addHook('onRequest', async (request) => {
    const reader = request.headers['x-reader'];
    request.userId = typeof reader === 'string' ? Number(reader) : null;
  });
  limitPerReader(app, new Set(['/api/feed/:name']), { running: 1, waiting: 1 });
  const feed = async (request: { params: unknown }) => {
    const { name } = request.params as { name: string };
    handled.push(name);
    await new Promise<void>((resolve) => finish.set(name, resolve));
    return { name };
  };
  app.get('/api/feed/:name', feed);
  // The feed calls are POSTs with a body (the contract's feedRequestSchema).
  app.post('/api/feed/:name', feed);
  app.get('/api/cheap', async () => ({ ok: true }));
  served = await serve(app);
});

afterEach(async () => {
  finish.forEach((done) => done());
  await served.close();
});

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

const asReader = (reader: number) => ({ headers: { 'x-reader': String(reader) } });

test("a reader's call beyond their running and waiting ones is refused with a reason while another reader is served", async () => {
  const first = served.fetch('/api/feed/first', asReader(1));
  await until(() => handled.includes('first'));
  const second = served.fetch('/api/feed/second', asReader(1));
  await new Promise((resolve) => setTimeout(resolve, 20));

  const third = await served.fetch('/api/feed/third', asReader(1));
  expect(third.status).toBe(429);
  expect(third.headers.get('retry-after')).toBe('1');
  expect(((await third.json()) as { reason: string }).reason).toBe('RATE_LIMITED');

  const other = served.fetch('/api/feed/other', asReader(2));
  const visitor = served.fetch('/api/feed/visitor');
  await until(() => handled.includes('other') && handled.includes('visitor'));
  expect(handled).toEqual(['first', 'other', 'visitor']);
  expect((await served.fetch('/api/cheap', asReader(1))).status).toBe(200);

  finish.get('first')!();
  expect((await first).status).toBe(200);
  await until(() => handled.includes('second'));
  finish.get('second')!();
  expect((await second).status).toBe(200);
  finish.get('other')!();
  finish.get('visitor')!();
  expect((await other).status).toBe(200);
  expect((await visitor).status).toBe(200);
});

test("a reader's waiting call whose client left frees its place", async () => {
  const first = served.fetch('/api/feed/first', asReader(1));
  await until(() => handled.includes('first'));
  const abort = new AbortController();
  const abandoned = served
    .fetch('/api/feed/abandoned', { ...asReader(1), signal: abort.signal })
    .catch(() => null);
  await new Promise((resolve) => setTimeout(resolve, 20));
  abort.abort();
  await abandoned;
  await new Promise((resolve) => setTimeout(resolve, 20));

  const next = served.fetch('/api/feed/next', asReader(1));
  finish.get('first')!();
  expect((await first).status).toBe(200);
  await until(() => handled.includes('next'));
  finish.get('next')!();
  expect((await next).status).toBe(200);
  expect(handled).toEqual(['first', 'next']);
});

test("a reader's POST waiting its turn is answered once their running call ends", async () => {
  const post = (name: string) =>
    served.fetch(`/api/feed/${name}`, {
      method: 'POST',
      headers: { 'x-reader': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ offset: 0, limit: 12 }),
    });
  const first = post('first');
  await until(() => handled.includes('first'));
  const second = post('second');
  // Its body read, the waiting call is still the reader's: Node closes a request's stream then.
  await new Promise((resolve) => setTimeout(resolve, 50));
  finish.get('first')!();
  expect((await first).status).toBe(200);
  await until(() => handled.includes('second'));
  finish.get('second')!();
  expect((await second).status).toBe(200);
});

import { brotliCompressSync } from 'node:zlib';
import {
  startCanary,
  startFeedServer,
  staticContent,
  type FeedServer,
} from '../../testing/feed-server.js';
import {
  body,
  gzipBomb,
  hugeBody,
  redirectLoop,
  redirectTo,
  slowDrip,
  status,
} from '../../testing/hostile-handlers.js';
import { isPublicAddress } from './address-policy.js';
import { FetchError } from './fetch-error.js';
import { Fetcher, type FetcherOptions } from './fetcher.js';

const RSS = '<rss version="2.0"><channel><title>ok</title></channel></rss>';
const MAX_BYTES = 2 * 1024 * 1024;
const TIMEOUT_MS = 1500;

const options: FetcherOptions = {
  userAgent: 'Blogstream-test',
  timeoutMs: TIMEOUT_MS,
  maxBytes: MAX_BYTES,
  allowPrivate: true,
};

let server: FeedServer;
let fetcher: Fetcher;

beforeAll(async () => {
  server = await startFeedServer({
    '/feed.xml': staticContent(RSS, 'application/rss+xml'),
    '/brotli.xml': (_request, response) =>
      response
        .writeHead(200, { 'content-encoding': 'br', 'content-type': 'application/rss+xml' })
        .end(brotliCompressSync(RSS)),
    '/huge.xml': hugeBody(50),
    '/bomb.xml': gzipBomb(64),
    '/loop.xml': redirectLoop('/loop.xml'),
    '/hop-5': redirectTo('/hop-4'),
    '/hop-4': redirectTo('/hop-3'),
    '/hop-3': redirectTo('/hop-2'),
    '/hop-2': redirectTo('/hop-1'),
    '/hop-1': redirectTo('/feed.xml', 308),
    '/drip.xml': slowDrip(100),
    '/gone.xml': status(410),
    '/busy.xml': status(429, { 'retry-after': '120' }),
    '/ftp-redirect': redirectTo('ftp://example.com/feed'),
    '/weird-encoding': (_request, response) =>
      response.writeHead(200, { 'content-encoding': 'compress' }).end('x'),
    '/declared-huge': (_request, response) =>
      response.writeHead(200, { 'content-length': String(MAX_BYTES + 1) }).end(),
  });
  fetcher = new Fetcher(options);
});

afterAll(async () => {
  await fetcher.close();
  await server.close();
});

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FetchError) return error;
    throw error;
  }
  throw new Error('expected the fetch to fail');
}

const get = (path: string, extra: { etag?: string } = {}) =>
  fetcher.fetch({ url: server.url(path), accept: 'application/rss+xml', ...extra });

test('a feed arrives decompressed, with validators that make the next request a 304', async () => {
  const first = await get('/feed.xml');
  expect(first).toMatchObject({ status: 'ok', httpStatus: 200 });
  if (first.status !== 'ok') throw new Error('unreachable');
  expect(first.body.toString()).toBe(RSS);
  expect(await get('/feed.xml', { etag: first.etag })).toMatchObject({ status: 'not_modified' });
  const brotli = await get('/brotli.xml');
  expect(brotli.status === 'ok' && brotli.body.toString()).toBe(RSS);
});

test('five redirects are followed, a sixth is refused, and only to http(s)', async () => {
  expect(await get('/hop-5')).toMatchObject({ status: 'ok', url: server.url('/feed.xml') });
  expect((await failure(get('/loop.xml'))).code).toBe('TOO_MANY_REDIRECTS');
  expect(server.hits('/loop.xml')).toBe(6);
  expect((await failure(get('/ftp-redirect'))).code).toBe('BAD_REDIRECT');
});

test('bodies are capped after decompression: a 50 MiB body and a gzip bomb stop at the cap', async () => {
  const rssBefore = process.memoryUsage().rss;
  expect((await failure(get('/huge.xml'))).code).toBe('TOO_LARGE');
  expect((await failure(get('/bomb.xml'))).code).toBe('TOO_LARGE');
  expect((await failure(get('/declared-huge'))).code).toBe('TOO_LARGE');
  expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
});

test('a server that drips bytes forever is cut off at the overall deadline', async () => {
  const started = performance.now();
  expect((await failure(get('/drip.xml'))).code).toBe('TIMEOUT');
  const elapsed = performance.now() - started;
  expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
  expect(elapsed).toBeLessThan(TIMEOUT_MS + 1000);
});

test('HTTP errors carry their status and Retry-After; unknown encodings are refused', async () => {
  expect(await failure(get('/gone.xml'))).toMatchObject({
    code: 'HTTP_ERROR',
    details: { httpStatus: 410 },
  });
  expect(await failure(get('/busy.xml'))).toMatchObject({
    details: { httpStatus: 429, retryAfterSeconds: 120 },
  });
  expect((await failure(get('/weird-encoding'))).code).toBe('UNSUPPORTED_CONTENT_ENCODING');
  expect((await failure(fetcher.fetch({ url: 'file:///etc/passwd', accept: '*/*' }))).code).toBe(
    'BAD_URL',
  );
});

test('the address rule refuses every non-public range, IPv4 inside IPv6 included', () => {
  for (const address of [
    '127.0.0.1',
    '10.0.0.8',
    '172.16.3.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '224.0.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    // IPv4-compatible forms (::/96): http://[::127.0.0.1]/ is parsed as [::7f00:1].
    '::7f00:1',
    '::a00:1',
    '::a9fe:a9fe',
    '2002:7f00:1::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  ]) {
    expect([address, isPublicAddress(address)]).toEqual([address, false]);
  }
  expect(isPublicAddress('93.184.216.34')).toBe(true);
  expect(isPublicAddress('2606:2800:220:1:248:1893:25c7:1946')).toBe(true);
});

describe('with the address rule on', () => {
  let canary4: Awaited<ReturnType<typeof startCanary>>;
  let canary6: Awaited<ReturnType<typeof startCanary>>;
  /** Stands for a public host: the only loopback address the rule lets through here. */
  let publicServer: FeedServer;
  let guarded: Fetcher;

  beforeAll(async () => {
    canary4 = await startCanary('127.0.0.1');
    canary6 = await startCanary('::1');
    publicServer = await startFeedServer(
      {
        '/feed.xml': body(RSS, 'application/rss+xml'),
        '/to-loopback': redirectTo(`http://127.0.0.1:${canary4.port}/`),
        '/to-ipv6-loopback': redirectTo(`http://[::1]:${canary6.port}/`),
        '/to-localhost': redirectTo(`http://localhost:${canary4.port}/`),
      },
      '127.0.0.2',
    );
    const dns: Record<string, string[]> = {
      'public.test': ['127.0.0.2'],
      'rebind.test': ['127.0.0.2', '127.0.0.1'],
      'private.test': ['10.1.2.3'],
    };
    guarded = new Fetcher({
      ...options,
      allowPrivate: false,
      resolveHost: async (host) => dns[host] ?? ['127.0.0.1'],
      isAllowedAddress: (address) => address === '127.0.0.2' || isPublicAddress(address),
    });
  });

  afterAll(async () => {
    await guarded.close();
    await Promise.all([canary4.close(), canary6.close(), publicServer.close()]);
  });

  test('literal, mapped, named and redirected loopback targets are refused before connecting', async () => {
    const port = publicServer.origin.split(':').at(-1);
    const hostile = [
      `http://127.0.0.1:${canary4.port}/`,
      `http://[::1]:${canary6.port}/`,
      `http://[::ffff:127.0.0.1]:${canary4.port}/`,
      `http://[::ffff:7f00:1]:${canary4.port}/`,
      `http://0.0.0.0:${canary4.port}/`,
      `http://localhost:${canary4.port}/`,
      `http://rebind.test:${port}/feed.xml`,
      `http://private.test:${canary4.port}/`,
      `http://public.test:${port}/to-loopback`,
      `http://public.test:${port}/to-ipv6-loopback`,
      `http://public.test:${port}/to-localhost`,
    ];
    for (const url of hostile) {
      const error = await failure(guarded.fetch({ url, accept: '*/*' }));
      expect([url, error.code]).toEqual([url, 'BLOCKED_ADDRESS']);
    }
    expect(canary4.connections()).toBe(0);
    expect(canary6.connections()).toBe(0);
    expect(
      await guarded.fetch({ url: `http://public.test:${port}/feed.xml`, accept: '*/*' }),
    ).toMatchObject({
      status: 'ok',
    });
  });
});

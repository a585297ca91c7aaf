/**
 * @jest-environment node
 */
// The worker runs here on Node's fetch classes, with an in-memory Cache API and a stand-in server
// (docs/decisions/0028-installable.md): what it saves, and what it drops when a session ends.

const siteOrigin = 'https://blogstream.example';

class MemoryCache {
  private readonly entries = new Map<string, Response>();
  private static keyOf(request: RequestInfo | URL): string {
    return request instanceof Request ? request.url : new URL(String(request), siteOrigin).href;
  }
  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    return this.entries.get(MemoryCache.keyOf(request))?.clone();
  }
  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    this.entries.set(MemoryCache.keyOf(request), response.clone());
  }
  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(MemoryCache.keyOf(request));
  }
  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
}

class MemoryCacheStorage {
  readonly caches = new Map<string, MemoryCache>();
  async open(name: string): Promise<MemoryCache> {
    if (!this.caches.has(name)) this.caches.set(name, new MemoryCache());
    return this.caches.get(name)!;
  }
  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }
  async keys(): Promise<string[]> {
    return [...this.caches.keys()];
  }
  /** The path of every saved key of every cache. */
  async savedPaths(): Promise<string[]> {
    const keys = await Promise.all([...this.caches.values()].map((cache) => cache.keys()));
    return keys.flat().map(({ url }) => new URL(url).pathname);
  }
}

type Answer = {
  body: unknown;
  status?: number;
  headers?: Record<string, string>;
  /** The body arrives this long after the headers. */
  bodyAfterMs?: number;
};
/** The stand-in server: an answer per path; `null` while the network is out. */
let server: Record<string, Answer> | null;
let storage: MemoryCacheStorage;
let fetchListener: (event: unknown) => void;
/** What the worker goes on doing after it answered (`waitUntil`). */
let workAfterAnswers: Promise<unknown>[];
let installListener: (event: unknown) => void;
/** The shell's scripts as its build lists them for the worker (config/service-worker.mjs). */
const shellFiles = ['main.0123abcd4567.js', 'sign-in-dialog.89abcdef0123.js'];

const reader = { name: 'Ada', email: 'ada@example.com', account_type: 0 };
const bookmarks = { posts: [{ title: "Ada's saved article" }] };

function answerFor(request: Request): Response {
  const answer = server?.[new URL(request.url).pathname];
  if (!server) throw new TypeError('Failed to fetch');
  if (!answer) return new Response('{}', { status: 404 });
  const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  const body =
    answer.bodyAfterMs === undefined
      ? text
      : new ReadableStream({
          start: (controller) =>
            void setTimeout(() => {
              controller.enqueue(new TextEncoder().encode(text));
              controller.close();
            }, answer.bodyAfterMs),
        });
  return new Response(body, { status: answer.status ?? 200, headers: answer.headers });
}

/** What the page gets for a request through the worker (the network itself when it passes). */
async function request(
  path: string,
  { method = 'GET', body, mode = 'cors' }: { method?: string; body?: string; mode?: string } = {},
): Promise<Response> {
  const request = new Request(new URL(path, siteOrigin), { method, body });
  Object.defineProperty(request, 'mode', { value: mode });
  let answer: Promise<Response> | undefined;
  fetchListener({
    request,
    respondWith: (response: Promise<Response>) => (answer = response),
    waitUntil: (work: Promise<unknown>) => workAfterAnswers.push(work),
  });
  return answer ?? answerFor(request);
}

/** Loads a page, and waits for the worker to finish what it does with it. */
async function loadPage(path: string): Promise<Response> {
  const page = await request(path, { mode: 'navigate' });
  await Promise.all(workAfterAnswers);
  return page;
}

const checkSession = () => request('/api/check_logged_in');
const readBookmarks = () => request('/api/bookmarks_feed', { method: 'POST', body: '{"page":0}' });

beforeAll(async () => {
  const listeners: Record<string, (event: unknown) => void> = {};
  Object.assign(globalThis, {
    __SHELL_FILES__: shellFiles,
    location: new URL(siteOrigin),
    skipWaiting: async () => undefined,
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      listeners[type] = listener;
    },
    fetch: async (input: Request | string) =>
      answerFor(input instanceof Request ? input : new Request(new URL(input, siteOrigin))),
  });
  await import('./sw');
  fetchListener = listeners.fetch!;
  installListener = listeners.install!;
});

beforeEach(() => {
  storage = new MemoryCacheStorage();
  workAfterAnswers = [];
  Object.assign(globalThis, { caches: storage });
  server = {
    '/api/check_logged_in': { body: reader },
    '/api/bookmarks_feed': { body: bookmarks },
  };
});

async function readerReadTheirBookmarks(): Promise<void> {
  await checkSession();
  await readBookmarks();
  expect(await storage.savedPaths()).toContain('/api/check_logged_in');
}

it("offline, a reader's session check and bookmarks are served from the saved answers", async () => {
  await readerReadTheirBookmarks();
  server = null;

  const check = await checkSession();
  expect(check.headers.get('x-saved-copy')).toBe('1');
  expect(await check.json()).toEqual(reader);
  expect(await (await readBookmarks()).json()).toEqual(bookmarks);
});

it("a live session check answering as a visitor drops the reader's saved answers", async () => {
  await readerReadTheirBookmarks();
  // The session ended elsewhere: signed out on another device, a password reset, expiry.
  server = { '/api/check_logged_in': { body: {} } };
  expect(await (await checkSession()).json()).toEqual({});
  server = null;

  expect(await (await checkSession()).json()).toEqual({});
  await expect(readBookmarks()).rejects.toThrow('Failed to fetch');
  expect(await storage.savedPaths()).toEqual(['/api/check_logged_in']);
});

it("another reader's live session check drops the first reader's saved answers", async () => {
  await readerReadTheirBookmarks();
  const otherReader = { ...reader, name: 'Grace', email: 'grace@example.com' };
  server = { ...server, '/api/check_logged_in': { body: otherReader } };
  await checkSession();
  server = null;

  expect(await (await checkSession()).json()).toEqual(otherReader);
  await expect(readBookmarks()).rejects.toThrow('Failed to fetch');
});

it("the same reader's live session check keeps their saved answers", async () => {
  await readerReadTheirBookmarks();
  await checkSession();
  server = null;

  expect(await (await readBookmarks()).json()).toEqual(bookmarks);
});

it('saved feed answers with no saved session check to vouch for them go at the next check', async () => {
  await readBookmarks();
  server = { '/api/check_logged_in': { body: {} } };
  await checkSession();

  expect(await storage.savedPaths()).toEqual(['/api/check_logged_in']);
});

it('never saves an answer marked no-store, a page or an API answer', async () => {
  server = {
    '/digest/unsubscribe': { body: '<p>Unsubscribe</p>', headers: { 'cache-control': 'no-store' } },
    '/api/check_logged_in': { body: reader, headers: { 'cache-control': 'private, no-store' } },
    '/api/bookmarks_feed': { body: bookmarks, headers: { 'cache-control': 'no-store' } },
  };
  await request('/digest/unsubscribe?token=secret', { mode: 'navigate' });
  await checkSession();
  await readBookmarks();

  expect(await storage.savedPaths()).toEqual([]);
});

it('never saves a password reset page, its token in the path, whatever its headers', async () => {
  const shellPage = { body: '<!doctype html><title>Blogstream</title>' };
  server = { '/reset-password/secret-token': shellPage, '/topic/Security': shellPage };
  await request('/reset-password/secret-token', { mode: 'navigate' });
  await request('/topic/Security', { mode: 'navigate' });

  expect(await storage.savedPaths()).toEqual(['/topic/Security']);
});

it('installing saves the shell page, its scripts and every later script of the shell', async () => {
  const script = { body: '', headers: { 'content-type': 'text/javascript' } };
  server = {
    '/': { body: '<!doctype html><script src="/main.js"></script>' },
    '/main.js': script,
    '/mfe-manifest.json': { body: {} },
    ...Object.fromEntries(shellFiles.map((file) => [`/${file}`, script])),
  };
  let installed: Promise<unknown> | undefined;
  installListener({ waitUntil: (promise: Promise<unknown>) => (installed = promise) });
  await installed;

  // The sign-in dialog's script loads only when a visitor first opens it, perhaps offline.
  expect((await storage.savedPaths()).sort()).toEqual(
    ['/', '/main.js', '/mfe-manifest.json', ...shellFiles.map((file) => `/${file}`)].sort(),
  );
});

describe("a signed-in reader's home drawn with the page (decision 0035)", () => {
  const feedBody = '{"queryData":null,"offset":0,"limit":20}';
  const articles = [{ title: "Ada's first article" }];
  const topics = ['Databases', 'Security'];
  /** A page carrying the calls its first view made as `who`, as the server writes it. */
  function homeDrawnFor(who: unknown, calls: 'with the session check' | 'without it') {
    const exchanges = [
      {
        url: '/discover_feed',
        method: 'POST',
        body: JSON.parse(feedBody),
        status: 200,
        data: articles,
      },
      { url: '/get_user_topics', method: 'POST', body: {}, status: 200, data: topics },
      ...(calls === 'with the session check'
        ? [{ url: '/check_logged_in', method: 'GET', status: 200, data: who }]
        : []),
    ];
    const answers = JSON.stringify(exchanges).replace(/</g, '\\u003c');
    return {
      body: `<!doctype html><div data-first-view="home" inert></div><script type="application/json" id="first-view-answers">${answers}</script>`,
      headers: { 'cache-control': 'private, no-store' },
    };
  }
  const readFeed = () => request('/api/discover_feed', { method: 'POST', body: feedBody });

  it('saves the feed and topics it was drawn from under the keys of the calls the page would have made', async () => {
    server = { '/': homeDrawnFor(reader, 'with the session check') };
    await loadPage('/');
    server = null;

    const saved = await readFeed();
    expect(saved.headers.get('x-saved-copy')).toBe('1');
    expect(await saved.json()).toEqual(articles);
    const savedTopics = await request('/api/get_user_topics', { method: 'POST', body: '{}' });
    expect(await savedTopics.json()).toEqual(topics);
    expect(await (await checkSession()).json()).toEqual(reader);
    // The page itself holds the reader's data and is never saved.
    expect(await storage.savedPaths()).not.toContain('/');
  });

  it("keeps its answers when the page's own session check, slower, is adopted at the same time", async () => {
    server = {
      '/api/check_logged_in': { body: reader, bodyAfterMs: 50 },
      '/': homeDrawnFor(reader, 'with the session check'),
    };
    await Promise.all([checkSession(), loadPage('/')]);
    server = null;

    expect(await (await readFeed()).json()).toEqual(articles);
  });

  it("drops the previous reader's saved answers before saving another reader's", async () => {
    await readerReadTheirBookmarks();
    const otherReader = { ...reader, name: 'Grace', email: 'grace@example.com' };
    server = { '/': homeDrawnFor(otherReader, 'with the session check') };
    await loadPage('/');
    server = null;

    expect(await (await checkSession()).json()).toEqual(otherReader);
    await expect(readBookmarks()).rejects.toThrow('Failed to fetch');
    expect(await (await readFeed()).json()).toEqual(articles);
  });

  it('saves nothing from a page whose answers do not say whose they are', async () => {
    server = { '/': homeDrawnFor(reader, 'without it') };
    await loadPage('/');

    expect(await storage.savedPaths()).toEqual([]);
  });
});

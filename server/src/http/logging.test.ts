import { buildApp } from '../app.js';
import { captureLogs } from '../testing/log-capture.js';
import { serve, type ServedApp } from '../testing/serve.js';
import { testConfig } from '../testing/test-config.js';
import { unusedDb } from '../testing/unused-db.js';

const logs = captureLogs();
let app: ServedApp;

beforeAll(async () => {
  app = await serve(
    await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      db: unusedDb,
      logger: { stream: logs.stream },
    }),
  );
});

afterAll(() => app.close());

/** URLs that carry a secret: the secret, and what the log shows in its place. */
const tokenBearingUrls = [
  {
    kind: 'a password reset link',
    url: '/reset-password/r3s3t-s3cr3t',
    secret: 'r3s3t-s3cr3t',
    logged: '/reset-password/[redacted]',
  },
  {
    kind: 'an e-mail verification link',
    url: '/api/verify_email/v3r1fy-s3cr3t',
    secret: 'v3r1fy-s3cr3t',
    logged: '/api/verify_email/[redacted]',
  },
  {
    kind: 'a digest unsubscribe link',
    url: '/digest/unsubscribe?token=1.uns7bscr1b3-s3cr3t',
    secret: 'uns7bscr1b3-s3cr3t',
    logged: '/digest/unsubscribe?token=[redacted]',
  },
  {
    kind: "a premium reader's RSS feed",
    url: '/rss/discover_feed/security?token=rss-s3cr3t',
    secret: 'rss-s3cr3t',
    logged: '/rss/discover_feed/security?token=[redacted]',
  },
  {
    kind: 'a topic digest confirmation link',
    url: '/topic/security?digestConfirm=c0nf1rm-s3cr3t',
    secret: 'c0nf1rm-s3cr3t',
    logged: '/topic/security?digestConfirm=[redacted]',
  },
  {
    kind: 'a token parameter among others',
    url: '/search?searchQuery=rust&id_token=g00gle-s3cr3t&genre=ai',
    secret: 'g00gle-s3cr3t',
    logged: '/search?searchQuery=rust&id_token=[redacted]&genre=ai',
  },
  {
    kind: 'a link encoded inside another',
    url: '/search?searchQuery=%2Ftopic%2Fsecurity%3FdigestConfirm%3Denc0ded-s3cr3t',
    secret: 'enc0ded-s3cr3t',
    logged: '%3FdigestConfirm%3D[redacted]',
  },
];

test.each(tokenBearingUrls)(
  'the log shows $kind without its secret',
  async ({ url, secret, logged }) => {
    await (await app.fetch(url, { headers: { accept: 'text/html' } })).arrayBuffer();

    const requests = logs.entries().filter((entry) => entry.msg === 'incoming request');
    expect(requests.map((entry) => (entry.req as { url: string }).url)).toContainEqual(
      expect.stringContaining(logged),
    );
    expect(logs.text()).not.toContain(secret);
  },
);

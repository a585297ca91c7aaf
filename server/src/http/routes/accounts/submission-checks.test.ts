import { readFileSync } from 'node:fs';
import { submitSourceResponseSchema, type SubmitSourceResponse } from '@blogstream/shared/contract';
import { approveSubmission, listSubmissions } from '../../../db/submissions.js';
import { upsertSources } from '../../../db/sources.js';
import { solveCaptcha, uniqueEmail } from '../../../testing/accounts-harness.js';
import { sourceEntry } from '../../../testing/content-fixtures.js';
import { startFeedServer, staticContent, type FeedServer } from '../../../testing/feed-server.js';
import { status } from '../../../testing/hostile-handlers.js';
import { sharedDataFile } from '../../../testing/shared-data.js';
import { routeTestSite } from '../../../testing/route-test-site.js';

/** A real crawled feed from the shared corpus: valid RSS whose newest post is 2026-08-18. */
const CORPUS_FEED = readFileSync(sharedDataFile('feeds', 'cursor-blog.xml'), 'utf8');

const page = (head: string) =>
  `<!doctype html><html><head><title>Blog</title>${head}</head><body><h1>Blog</h1></body></html>`;

function recentFeed(site: string): string {
  const items = [2, 20, 40]
    .map(
      (daysAgo, n) => `<item><title>Post ${n}</title><link>${site}/posts/${n}</link>
        <pubDate>${new Date(Date.now() - daysAgo * 86_400_000).toUTCString()}</pubDate></item>`,
    )
    .join('');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Recent</title>
    <link>${site}/</link>${items}</channel></rss>`;
}

let feeds: FeedServer;

beforeAll(async () => {
  feeds = await startFeedServer();
  const { origin } = feeds;
  feeds.route(
    '/recent/',
    staticContent(
      page('<link rel="alternate" type="application/rss+xml" href="/recent/feed.xml">'),
      'text/html',
    ),
  );
  feeds.route(
    '/recent/feed.xml',
    staticContent(recentFeed(`${origin}/recent`), 'application/rss+xml'),
  );
  feeds.route('/cursor.xml', staticContent(CORPUS_FEED, 'application/rss+xml'));
  feeds.route('/nofeed/', staticContent(page(''), 'text/html'));
  feeds.route('/gone/', status(404));
  feeds.route('/broken.xml', staticContent('<rss><channel><item><title>cut', 'application/xml'));
  feeds.route(
    '/known/',
    staticContent(
      page('<link rel="alternate" type="application/atom+xml" href="/known/atom.xml">'),
      'text/html',
    ),
  );
  feeds.route(
    '/known/atom.xml',
    staticContent(recentFeed(`${origin}/known`), 'application/rss+xml'),
  );
});

afterAll(async () => {
  await feeds?.close();
});

const site = routeTestSite('embedded', {
  env: { FEED_ALLOW_PRIVATE: 'true' },
  // A catalogue source already has the feed that /known/ announces.
  seed: async (db) => {
    await upsertSources(
      db,
      [
        {
          ...sourceEntry('known', 'Known', []),
          site_url: 'https://known.example/',
          feed_url: feeds.url('/known/atom.xml'),
        },
      ],
      'catalogue',
    );
  },
});

async function submit(path: string, url = feeds.url(path)): Promise<SubmitSourceResponse> {
  const client = await site.server.client();
  const response = await client.post('/api/submit_source', {
    name: `Blog at ${path}`,
    url,
    email: uniqueEmail('submitter'),
    recaptchaVerifyToken: await solveCaptcha(site.server),
  });
  expect(response.status).toBe(200);
  return submitSourceResponseSchema.parse(await response.json());
}

const statuses = (answer: SubmitSourceResponse) =>
  Object.fromEntries(answer.checks!.map((check) => [check.name, check.status]));

test('a page announcing a feed with recent posts passes every check and waits for review', async () => {
  const answer = await submit('/recent/');
  expect(answer.ok).toBe(true);
  expect(statuses(answer)).toEqual({
    feedFound: 'passed',
    validFeed: 'passed',
    recentPosts: 'passed',
    notDuplicate: 'passed',
  });
  expect(answer.feed_url).toBe(feeds.url('/recent/feed.xml'));
  expect(answer.duplicate_of).toBeNull();
  expect(answer.checks!.find((check) => check.name === 'validFeed')!.detail).toBe(
    'A valid RSS feed with 3 entries.',
  );
  const pending = await listSubmissions(site.db, false);
  expect(pending.map((submission) => submission.url)).toContain(feeds.url('/recent/'));
});

test('a bare address, as people type it, is accepted and kept as https', async () => {
  const bare = feeds.url('/bare/').replace(/^http:\/\//, '');
  const answer = await submit('/bare/', bare);
  expect(answer.ok).toBe(true);
  const pending = await listSubmissions(site.db, false);
  expect(pending.map((submission) => submission.url)).toContain(`https://${bare}`);
});

test('the checks are kept for the reviewer, and approval takes the feed they found', async () => {
  feeds.route(
    '/reviewed/',
    staticContent(
      page('<link rel="alternate" type="application/rss+xml" href="/reviewed/feed.xml">'),
      'text/html',
    ),
  );
  feeds.route(
    '/reviewed/feed.xml',
    staticContent(recentFeed(feeds.url('/reviewed')), 'application/rss+xml'),
  );
  const answer = await submit('/reviewed/');
  const pending = await listSubmissions(site.db, false);
  const kept = pending.find((submission) => submission.url === feeds.url('/reviewed/'))!;
  expect(kept.checkResults).toEqual({
    checks: answer.checks,
    feed_url: feeds.url('/reviewed/feed.xml'),
    duplicate_of: null,
  });
  expect(await approveSubmission(site.db, kept.submissionId)).toMatchObject({
    result: 'approved',
  });
  const { rows } = await site.db.query<{ feed_url: string; site_url: string }>(
    "SELECT feed_url, site_url FROM sources WHERE origin = 'submission' ORDER BY source_id DESC LIMIT 1",
  );
  expect(rows[0]).toEqual({
    feed_url: feeds.url('/reviewed/feed.xml'),
    site_url: feeds.url('/reviewed/'),
  });
});

test('a real crawled feed given directly is valid, but its newest post is over 90 days old', async () => {
  const answer = await submit('/cursor.xml');
  expect(statuses(answer)).toEqual({
    feedFound: 'passed',
    validFeed: 'passed',
    recentPosts: 'failed',
    notDuplicate: 'passed',
  });
  expect(answer.feed_url).toBe(feeds.url('/cursor.xml'));
  expect(answer.checks!.find((check) => check.name === 'recentPosts')!.detail).toBe(
    'The newest post is from 2026-08-18, more than 90 days ago.',
  );
});

test('a page without a feed, a missing page and a broken feed fail where they fail', async () => {
  const noFeed = await submit('/nofeed/');
  expect(statuses(noFeed)).toEqual({
    feedFound: 'failed',
    validFeed: 'skipped',
    recentPosts: 'skipped',
    notDuplicate: 'passed',
  });
  expect(noFeed.feed_url).toBeNull();

  const gone = await submit('/gone/');
  expect(gone.checks![0]).toEqual({
    name: 'feedFound',
    status: 'failed',
    detail: 'The address answered HTTP 404.',
  });

  const broken = await submit('/broken.xml');
  expect(statuses(broken)).toMatchObject({
    feedFound: 'passed',
    validFeed: 'failed',
    recentPosts: 'skipped',
  });
});

test('a blog Blogstream already has is a duplicate, found through the feed its page announces', async () => {
  const answer = await submit('/known/');
  expect(statuses(answer)).toMatchObject({ feedFound: 'passed', notDuplicate: 'failed' });
  expect(answer.duplicate_of).toEqual({ url_name: 'known', long_name: 'Known Blog' });
  expect(answer.checks!.find((check) => check.name === 'notDuplicate')!.detail).toBe(
    'Blogstream already has this blog: Known Blog.',
  );
});

test('checks never reach private addresses unless the operator allows it', async () => {
  const guarded = await site.startAnother();
  const client = await guarded.client();
  const answer = submitSourceResponseSchema.parse(
    await client.postJson('/api/submit_source', {
      name: 'Internal',
      url: feeds.url('/recent/'),
      email: uniqueEmail('submitter'),
      recaptchaVerifyToken: await solveCaptcha(guarded),
    }),
  );
  expect(answer.checks![0]).toEqual({
    name: 'feedFound',
    status: 'failed',
    detail: 'The address is not on the public internet.',
  });
  expect(feeds.hits('/recent/')).toBe(1);
});

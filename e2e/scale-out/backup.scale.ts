import { execFile } from 'node:child_process';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { BrowserClient } from './support/browser-client.js';
import { startFeedHosts, type FeedHosts } from './support/feeds.js';
import {
  runAdmin,
  startServer,
  tempDir,
  verificationLink,
  type ServerProcess,
} from './support/processes.js';

/**
 * Backup and restore of the embedded mode, as docs/DEPLOYMENT.md tells an operator to do it: stop
 * the server, archive DATA_DIR (without its lock and socket files), unpack the archive into a new
 * folder, start there. Everything a reader had must be there, and the reader stays signed in
 * (the sessions are in the database, the generated SESSION_SECRET is in DATA_DIR).
 */

const exec = promisify(execFile);

let root: string;
let feeds: FeedHosts;
const running: ServerProcess[] = [];

beforeAll(async () => {
  root = await tempDir('backup');
  feeds = await startFeedHosts({ hosts: 1, feedsPerHost: 3, itemsPerFeed: 4, delayMs: 0 });
});

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
  await feeds?.close();
  await rm(root, { recursive: true, force: true });
});

async function startEmbedded(dataDir: string): Promise<ServerProcess> {
  const server = await startServer(path.basename(dataDir), { DATA_DIR: dataDir });
  running.push(server);
  return server;
}

async function readerState(client: BrowserClient, url: string) {
  const user = (await (await client.get(url, '/api/check_logged_in')).json()) as {
    email?: string;
  };
  const bookmarks = await client.postJson<{ post_id: number }[]>(url, '/api/bookmarks_feed', {
    offset: 0,
    limit: 12,
  });
  return { email: user.email, bookmarks: bookmarks.map((item) => Number(item.post_id)) };
}

test('embedded mode: stop, archive DATA_DIR, restore into a new folder, start: nothing lost', async () => {
  const original = path.join(root, 'data');
  const site = await startEmbedded(original);

  // Content through the operator commands (which reach the running server's database) ...
  await runAdmin(['import-opml', await feeds.writeOpml(root)], { DATA_DIR: original });
  const crawl = await runAdmin(['crawl'], {
    DATA_DIR: original,
    LOG_LEVEL: 'info',
    FEED_HOST_INTERVAL_MS: '0',
  });
  expect(crawl).toMatch(/3 fetched/);

  // ... and a reader with a session and a bookmark, through the API.
  const reader = new BrowserClient();
  const email = 'backup-reader@example.com';
  await reader.get(site.url, '/api/check_logged_in');
  await reader.postJson(site.url, '/api/signup_with_email', {
    name: 'Grace',
    email,
    password: 'compiler pioneer',
    recaptchaVerifyToken: 'captcha-off',
  });
  const verifyPath = await verificationLink(site.url);
  expect((await fetch(`${site.url}${verifyPath}`, { redirect: 'manual' })).status).toBe(303);
  await reader.postJson(site.url, '/api/signin_with_email', {
    email,
    password: 'compiler pioneer',
  });
  const feed = await reader.postJson<{ post_id: number }[]>(site.url, '/api/discover_feed', {
    offset: 0,
    limit: 12,
  });
  expect(feed.length).toBe(12);
  const postId = Number(feed[0]?.post_id);
  await reader.postJson(site.url, '/api/bookmark_post', { postId });
  const before = await readerState(reader, site.url);
  expect(before).toEqual({ email, bookmarks: [postId] });
  const statusBefore = await runAdmin(['crawl-status'], { DATA_DIR: original });

  // Backup: stop the server (a clean shutdown closes PGlite), then archive the folder.
  expect(await site.stop()).toBe(0);
  const archive = path.join(root, 'blogstream-backup.tar.gz');
  await exec('tar', [
    '--create',
    '--gzip',
    `--file=${archive}`,
    '--exclude=./.pglite.lock',
    '--exclude=./.server.json',
    `--directory=${original}`,
    '.',
  ]);
  // The original is gone (a lost disk); restore into a new folder.
  await rm(original, { recursive: true, force: true });
  const restored = path.join(root, 'restored');
  await mkdir(restored);
  await exec('tar', ['--extract', '--gzip', `--file=${archive}`, `--directory=${restored}`]);
  expect(await readdir(restored)).toEqual(expect.arrayContaining(['pglite', 'session-secret']));

  const again = await startEmbedded(restored);
  // The same cookie still signs the reader in, with the same bookmark.
  expect(await readerState(reader, again.url)).toEqual(before);
  expect(await runAdmin(['migrate-status'], { DATA_DIR: restored })).toMatch(/Pending:\s+0/);
  const statusAfter = await runAdmin(['crawl-status'], { DATA_DIR: restored });
  expect(statusAfter).toBe(statusBefore);
  // And it takes new writes.
  await reader.postJson(again.url, '/api/remove_bookmark', { postId });
  expect((await readerState(reader, again.url)).bookmarks).toEqual([]);
});

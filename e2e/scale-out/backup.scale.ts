import { execFile } from 'node:child_process';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { BrowserClient } from './support/browser-client.js';
import { startFeedHosts, type FeedHosts } from './support/feeds.js';
import {
  runAdmin,
  SESSION_SECRET,
  startServer,
  tempDir,
  verificationLink,
  type ServerProcess,
} from './support/processes.js';
import {
  createPostgresDatabase,
  testOnPostgres,
  type SharedDatabase,
} from './support/shared-database.js';

/**
 * Backup and restore of the embedded mode, as docs/DEPLOYMENT.md tells an operator to do it: stop
 * the server, archive DATA_DIR (without its lock and socket files), unpack the archive into a new
 * folder, start there. Everything a reader had must be there, and the reader stays signed in
 * (the sessions are in the database, the generated SESSION_SECRET is in DATA_DIR).
 * The same for the server mode on real PostgreSQL, with pg_dump and pg_restore 15.
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

/** A crawled catalogue and a signed-in reader with one bookmark, as a site holds after a while. */
async function populate(site: ServerProcess, adminEnv: Record<string, string>) {
  // Content through the operator commands (which reach the running server's database) ...
  await runAdmin(['import-opml', await feeds.writeOpml(root)], adminEnv);
  const crawl = await runAdmin(['crawl'], {
    ...adminEnv,
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
  const crawlStatus = await runAdmin(['crawl-status'], adminEnv);
  return { reader, postId, before, crawlStatus };
}

/** The restored site has what the original had, and takes new writes. */
async function expectRestored(
  again: ServerProcess,
  adminEnv: Record<string, string>,
  { reader, postId, before, crawlStatus }: Awaited<ReturnType<typeof populate>>,
) {
  // The same cookie still signs the reader in, with the same bookmark.
  expect(await readerState(reader, again.url)).toEqual(before);
  expect(await runAdmin(['migrate-status'], adminEnv)).toMatch(/Pending:\s+0/);
  expect(await runAdmin(['crawl-status'], adminEnv)).toBe(crawlStatus);
  await reader.postJson(again.url, '/api/remove_bookmark', { postId });
  expect((await readerState(reader, again.url)).bookmarks).toEqual([]);
}

test('embedded mode: stop, archive DATA_DIR, restore into a new folder, start: nothing lost', async () => {
  const original = path.join(root, 'data');
  const site = await startEmbedded(original);
  const populated = await populate(site, { DATA_DIR: original });

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

  await expectRestored(await startEmbedded(restored), { DATA_DIR: restored }, populated);
});

testOnPostgres(
  'server mode: pg_dump while running, pg_restore into a new database, start on it: nothing lost',
  async (serverUrl) => {
    const original = await createPostgresDatabase(serverUrl);
    const restored = await createPostgresDatabase(serverUrl);
    try {
      const adminEnv = (database: SharedDatabase) => ({
        DATABASE_URL: database.url,
        SESSION_SECRET,
      });
      const env = (database: SharedDatabase, name: string) => ({
        ...adminEnv(database),
        DATA_DIR: path.join(root, name),
      });
      const site = await startServer('pg-original', env(original, 'pg-original'));
      running.push(site);
      const populated = await populate(site, adminEnv(original));

      // As docs/DEPLOYMENT.md says: online, custom format, then restore into a new database
      // that has pgvector.
      const dump = path.join(root, 'blogstream.dump');
      await exec('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, original.url]);
      expect(await site.stop()).toBe(0);
      await exec('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restored.url}`, dump]);
      await original.close();

      const again = await startServer('pg-restored', env(restored, 'pg-restored'));
      running.push(again);
      await expectRestored(again, adminEnv(restored), populated);
    } finally {
      await restored.close();
    }
  },
);

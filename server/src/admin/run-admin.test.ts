import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/db.js';
import { bundledMigrations, migrate } from '../db/connection/migrations.js';
import { openDatabase } from '../db/connection/open.js';
import { recordPublicUrl } from '../db/settings.js';
import { addArticle, addReader, addSource } from '../testing/digest-fixtures.js';
import { capturePrinted } from '../testing/log-capture.js';
import { makeTempDir, testConfig, testModelCacheDir } from '../testing/test-config.js';
import { runAdmin } from './run-admin.js';

/** Creating and migrating a PGlite directory takes several seconds on a busy machine. */
const FRESH_DATA_DIR_MS = 90_000;

const printed = capturePrinted();

/** The environment an operator's shell would give the command, apart from `env`. */
function adminEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    LOG_LEVEL: 'silent',
    MODEL_CACHE_DIR: testModelCacheDir(),
    PUBLIC_DIR: makeTempDir('public'),
    SESSION_SECRET: 'test-session-secret-of-at-least-32-characters',
    ...env,
  };
}

/** `npm run admin -- ...argv`: its exit code and what it printed. */
async function admin(env: NodeJS.ProcessEnv, ...argv: string[]) {
  printed.clear();
  const code = await runAdmin(argv, adminEnv(env));
  return { code, output: printed.text() };
}

describe('on a fresh DATA_DIR', () => {
  test(
    'crawl-status applies the migrations itself and runs; migrate-status only reports them',
    async () => {
      const env = { DATA_DIR: makeTempDir('fresh-data') };
      const before = await admin(env, 'migrate-status');
      expect(before.output).toMatch(/^Applied: +0$/m);
      expect(before.output).toMatch(/^Pending: +[1-9]/m);

      const status = await admin(env, 'crawl-status');
      expect(status.code).toBe(0);
      expect(status.output).toMatch(/^Applied database migration 0001_init$/m);
      expect(status.output).toMatch(/^0 sources, 0 failing\.$/m);

      expect((await admin(env, 'migrate-status')).output).toMatch(/^Pending: +0$/m);
    },
    FRESH_DATA_DIR_MS,
  );

  test(
    'a writing command (import-opml) runs, and what it wrote is there for the next one',
    async () => {
      const env = { DATA_DIR: makeTempDir('fresh-data') };
      const opml = join(makeTempDir('opml'), 'feeds.opml');
      writeFileSync(
        opml,
        `<?xml version="1.0"?><opml version="2.0"><head><title>Feeds</title></head><body>
           <outline text="Fresh Blog" type="rss" xmlUrl="https://fresh.example/feed.xml"/>
         </body></opml>`,
      );
      const imported = await admin(env, 'import-opml', opml);
      expect(imported.code).toBe(0);
      expect(imported.output).toContain('1 sources added');

      const status = await admin(env, 'crawl-status');
      expect(status.output).not.toContain('Applied database migration');
      expect(status.output).toMatch(/^fresh-blog\s/m);
    },
    FRESH_DATA_DIR_MS,
  );
});

describe('links in e-mails from admin commands', () => {
  const WEB_PORT = '4567';
  const dataDir = makeTempDir('served-data');
  let web: Db;

  /** The web process of this DATA_DIR, started without PUBLIC_URL on WEB_PORT and still running. */
  beforeAll(async () => {
    const webConfig = testConfig({ DATA_DIR: dataDir, PORT: WEB_PORT });
    web = await openDatabase(webConfig, () => undefined);
    await migrate(web, await bundledMigrations());
    await recordPublicUrl(web, webConfig.accounts.publicUrl);
    const blog = await addSource(web, 'Linked Blog');
    await addArticle(web, blog, 'Zero trust at scale', ['Security'], 0);
    await addReader(web, { email: 'weekly@example.test', topics: ['Security'] });
  }, FRESH_DATA_DIR_MS);

  afterAll(() => web?.close());

  test('without PUBLIC_URL, the digest links to where the web process serves, not to PORT', async () => {
    const { code, output } = await admin(
      { DATA_DIR: dataDir, PORT: '3000' },
      'digest',
      '--dry-run',
      'weekly@example.test',
    );
    expect(code).toBe(0);
    expect(output).toContain(`http://localhost:${WEB_PORT}/settings`);
    expect(output).toMatch(
      new RegExp(
        `^List-Unsubscribe: <http://localhost:${WEB_PORT}/digest/unsubscribe\\?token=`,
        'm',
      ),
    );
    expect(output).not.toContain('localhost:3000');
  });

  test('a PUBLIC_URL of its own wins', async () => {
    const { output } = await admin(
      { DATA_DIR: dataDir, PORT: '3000', PUBLIC_URL: 'https://reads.example' },
      'digest',
      '--dry-run',
      'weekly@example.test',
    );
    expect(output).toContain('https://reads.example/settings');
    expect(output).not.toContain(`localhost:${WEB_PORT}`);
  });
});

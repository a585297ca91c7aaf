import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { makeTempDir, testConfig } from '../../testing/test-config.js';
import { DataDirInUseError } from './data-dir.js';
import { testOnPostgres } from '../../testing/test-database.js';
import { openAdminDatabase, openDatabase } from './open.js';
import { openPgPool } from './pg-pool.js';
import { IN_MEMORY, openPglite } from './pglite.js';

// Opening an embedded database (PGlite's WebAssembly, its migrations) takes 15-20 s on 2 busy cores.
const OPENS_EMBEDDED_DATABASE_MS = 90_000;
const ignoreIdleErrors = () => undefined;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

test(
  'admin commands share the running server database, or open it themselves',
  async () => {
    const config = testConfig({ DATA_DIR: makeTempDir('data') });
    const server = await openDatabase(config, ignoreIdleErrors);
    await server.exec('CREATE TABLE visit (n int); INSERT INTO visit VALUES (1);');
    expect(existsSync(join(config.dataDir, '.server.json'))).toBe(true);

    const throughServer = await openAdminDatabase(config);
    await throughServer.query('INSERT INTO visit VALUES (2)');
    expect((await server.query('SELECT count(*) AS visits FROM visit')).rows).toEqual([
      { visits: 2 },
    ]);
    await expect(openDatabase(config, ignoreIdleErrors)).rejects.toThrow(DataDirInUseError);
    await throughServer.close();
    await server.close();
    expect(existsSync(join(config.dataDir, '.server.json'))).toBe(false);

    const alone = await openAdminDatabase(config);
    expect(alone.mode).toBe('embedded');
    expect((await alone.query('SELECT count(*) AS visits FROM visit')).rows).toEqual([
      { visits: 2 },
    ]);
    await alone.close();
  },
  OPENS_EMBEDDED_DATABASE_MS,
);

test(
  'an admin command waits for a running server that is slow to answer on its socket',
  async () => {
    const config = testConfig({ DATA_DIR: makeTempDir('data') });
    const port = await freePort();
    // A live server's traces: its published socket and its lock (this test's own process).
    await writeFile(
      join(config.dataDir, '.server.json'),
      JSON.stringify({ pid: process.pid, adminDbPort: port }),
    );
    await writeFile(join(config.dataDir, '.pglite.lock'), String(process.pid));

    const opening = openAdminDatabase(config);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const busyServer = await openPglite(IN_MEMORY);
    await busyServer.exec('CREATE TABLE visit (n int); INSERT INTO visit VALUES (7);');
    await busyServer.listenOnLoopback(port);
    const admin = await opening;
    try {
      expect((await admin.query('SELECT n FROM visit')).rows).toEqual([{ n: 7 }]);
    } finally {
      await admin.close();
      await busyServer.close();
    }
  },
  OPENS_EMBEDDED_DATABASE_MS,
);

test('an unreachable PostgreSQL is reported with its host and without the password', async () => {
  const config = testConfig({ DATABASE_URL: 'postgres://blog:secret@127.0.0.1:1/blogstream' });

  const opening = openDatabase(config, ignoreIdleErrors);

  await expect(opening).rejects.toThrow(
    /^Cannot reach PostgreSQL at 127\.0\.0\.1:1 \(DATABASE_URL\): /,
  );
  await expect(opening).rejects.not.toThrow(/secret/);
});

test(
  'the embedded database keeps small shared buffers: its WebAssembly memory never shrinks',
  async () => {
    const config = testConfig({ DATA_DIR: makeTempDir('data') });
    const db = await openDatabase(config, ignoreIdleErrors);
    try {
      expect((await db.query('SHOW shared_buffers')).rows).toEqual([{ shared_buffers: '16MB' }]);
    } finally {
      await db.close();
    }
  },
  OPENS_EMBEDDED_DATABASE_MS,
);

testOnPostgres('every pool connection starts with pgvector’s search settings', async (url) => {
  const db = openPgPool(url, { max: 2 });
  try {
    const settings = await db.transaction(async (tx) => [
      (await tx.query('SHOW hnsw.ef_search')).rows[0],
      (await tx.query('SHOW hnsw.iterative_scan')).rows[0],
    ]);
    expect(settings).toEqual([
      { 'hnsw.ef_search': '400' },
      { 'hnsw.iterative_scan': 'relaxed_order' },
    ]);
  } finally {
    await db.close();
  }
});

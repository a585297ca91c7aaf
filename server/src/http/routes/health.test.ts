import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { healthResponseSchema, readinessResponseSchema } from '@blogstream/shared/contract';
import { buildApp } from '../../app.js';
import type { Db } from '../../db/db.js';
import { bundledMigrations, migrate } from '../../db/connection/migrations.js';
import { openDatabase } from '../../db/connection/open.js';
import { openPgPool } from '../../db/connection/pg-pool.js';
import { IN_MEMORY, openPglite } from '../../db/connection/pglite.js';
import {
  insertArticle,
  insertSource,
  startTestServer,
  type TestServer,
} from '../../testing/accounts-harness.js';
import { serve } from '../../testing/serve.js';
import { testConfig } from '../../testing/test-config.js';
import { serverVersion } from '../../version.js';

const bundled = await bundledMigrations();
const fullyMigrated = {
  applied: bundled.length,
  pending: 0,
  latest: bundled.at(-1)?.name ?? null,
};

async function health(db: Db) {
  const app = await serve(await buildApp({ config: testConfig(), db }));
  const response = await app.fetch('/api/health');
  await app.close();
  return { statusCode: response.status, body: healthResponseSchema.parse(await response.json()) };
}

test('health is ok on the embedded database once it is migrated', async () => {
  const db = await openPglite(IN_MEMORY);
  try {
    await migrate(db, await bundledMigrations());

    expect(await health(db)).toEqual({
      statusCode: 200,
      body: {
        status: 'ok',
        version: serverVersion,
        database: { mode: 'embedded', reachable: true },
        migrations: fullyMigrated,
      },
    });
  } finally {
    await db.close();
  }
});

test('health works through PostgreSQL server mode and is degraded until migrations ran', async () => {
  const pglite = await PGlite.create(IN_MEMORY, { extensions: { vector } });
  const socketServer = new PGLiteSocketServer({ db: pglite, port: 0, maxConnections: 10 });
  await socketServer.start();
  const databaseUrl = `postgres://postgres@${socketServer.getServerConn()}/postgres`;
  const db = await openDatabase(testConfig({ DATABASE_URL: databaseUrl }), () => undefined);
  try {
    const before = await health(db);
    expect(before.statusCode).toBe(503);
    expect(before.body).toMatchObject({
      status: 'degraded',
      database: { mode: 'server', reachable: true },
      migrations: { applied: 0, pending: bundled.length, latest: null },
    });

    await migrate(db, await bundledMigrations());

    const after = await health(db);
    expect(after.statusCode).toBe(200);
    expect(after.body).toMatchObject({
      status: 'ok',
      database: { mode: 'server', reachable: true },
      migrations: fullyMigrated,
    });
  } finally {
    await db.close();
    await socketServer.stop();
    await pglite.close();
  }
});

test('health is degraded, and the process not ready, when the database cannot be reached', async () => {
  const unreachable = openPgPool('postgres://postgres@127.0.0.1:1/postgres');
  try {
    expect(await health(unreachable)).toMatchObject({
      statusCode: 503,
      body: { status: 'degraded', database: { mode: 'server', reachable: false } },
    });
    const app = await serve(await buildApp({ config: testConfig(), db: unreachable }));
    const ready = await app.fetch('/api/health/ready');
    await app.close();
    expect([ready.status, readinessResponseSchema.parse(await ready.json())]).toEqual([
      503,
      { ready: false, waiting: ['database', 'lexical index', 'vector index'] },
    ]);
  } finally {
    await unreachable.close();
  }
});

describe('readiness (/api/health/ready) apart from liveness (/api/health)', () => {
  let database: Db;
  let server: TestServer;

  beforeAll(async () => {
    database = await openPglite(IN_MEMORY);
    await migrate(database, await bundledMigrations());
    await insertArticle(database, await insertSource(database, 'Readiness Blog'));
    // Built without the warm-up of a server's start: the indexes load when a search needs them.
    server = await startTestServer(database);
  });

  afterAll(async () => {
    await server.close();
    await database.close();
  });

  const probe = async (path: '/api/health' | '/api/health/ready') => {
    const response = await server.fetch(path);
    return { statusCode: response.status, body: (await response.json()) as unknown };
  };

  test('is 503 naming the indexes still warming while the process is alive, then 200 once a search loaded them', async () => {
    expect(await probe('/api/health/ready')).toEqual({
      statusCode: 503,
      body: { ready: false, waiting: ['lexical index', 'vector index'] },
    });
    expect((await probe('/api/health')).statusCode).toBe(200);

    const visitor = await server.client();
    const deadline = Date.now() + 60_000;
    let ready = await probe('/api/health/ready');
    // A search waits a bounded time for the indexes (decision 0024), so one may end before they do.
    while (ready.statusCode !== 200 && Date.now() < deadline) {
      await visitor.postJson('/api/search', { queryData: 'article', offset: 0, limit: 5 });
      ready = await probe('/api/health/ready');
    }

    expect(ready).toEqual({ statusCode: 200, body: { ready: true, waiting: [] } });
    expect((await probe('/api/health')).statusCode).toBe(200);
  });
});

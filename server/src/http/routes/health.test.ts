import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { healthResponseSchema } from '@blogstream/shared/contract';
import { buildApp } from '../../app.js';
import type { Db } from '../../db/db.js';
import { bundledMigrations, migrate } from '../../db/migrations.js';
import { openDatabase } from '../../db/open.js';
import { openPgPool } from '../../db/pg-pool.js';
import { IN_MEMORY, openPglite } from '../../db/pglite.js';
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

test('health is degraded when the database cannot be reached', async () => {
  const unreachable = openPgPool('postgres://postgres@127.0.0.1:1/postgres');
  try {
    expect(await health(unreachable)).toMatchObject({
      statusCode: 503,
      body: { status: 'degraded', database: { mode: 'server', reachable: false } },
    });
  } finally {
    await unreachable.close();
  }
});

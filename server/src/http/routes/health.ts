import { type HealthResponse } from '@blogstream/shared/contract';
import type { Db } from '../../db/db.js';
import { bundledMigrations, migrationStatus } from '../../db/migrations.js';
import { serverVersion } from '../../version.js';
import type { App } from '../app-type.js';
import { serve } from '../endpoint.js';

/** GET /api/health: 200 when the database answers and is fully migrated, else 503. */
export function registerHealthRoutes(app: App, db: Db): void {
  serve(app, 'health', async (request, reply) => {
    const migrations = await migrationStatus(db, await bundledMigrations()).catch(
      (error: unknown) => {
        request.log.warn({ err: error }, 'health check: database unreachable');
        return undefined;
      },
    );
    const healthy = migrations !== undefined && migrations.pending === 0;
    const health: HealthResponse = {
      status: healthy ? 'ok' : 'degraded',
      version: serverVersion,
      database: { mode: db.mode, reachable: migrations !== undefined },
      // Unknown while the database cannot be reached.
      migrations: migrations ?? { applied: 0, pending: 0, latest: null },
    };
    return reply.code(healthy ? 200 : 503).send(health);
  });
}

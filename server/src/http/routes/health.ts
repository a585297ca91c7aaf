import type { FastifyBaseLogger } from 'fastify';
import { type HealthResponse, type ReadinessResponse } from '@blogstream/shared/contract';
import type { Db } from '../../db/db.js';
import {
  bundledMigrations,
  migrationStatus,
  type MigrationStatus,
} from '../../db/connection/migrations.js';
import type { SearchIndexesState } from '../../intelligence/search/search-indexes-state.js';
import { serverVersion } from '../../version.js';
import type { App } from '../app-type.js';
import { serve } from '../endpoint.js';

/** The database's migrations, or undefined when it cannot be reached (logged). */
async function databaseStatus(
  db: Db,
  log: FastifyBaseLogger,
): Promise<MigrationStatus | undefined> {
  return migrationStatus(db, await bundledMigrations()).catch((error: unknown) => {
    log.warn({ err: error }, 'health check: database unreachable');
    return undefined;
  });
}

/**
 * Whether this process should take requests: its database usable and the search indexes it
 * serves loaded; else what it still waits for (decision 0032).
 */
export async function readiness(
  db: Db,
  search: SearchIndexesState,
  log: FastifyBaseLogger,
): Promise<ReadinessResponse> {
  const migrations = await databaseStatus(db, log);
  const waiting: ReadinessResponse['waiting'] = [
    ...(migrations?.pending === 0 ? [] : (['database'] as const)),
    ...search.warming(),
  ];
  return { ready: waiting.length === 0, waiting };
}

/**
 * GET /api/health (liveness): 200 when the database answers and is fully migrated, else 503.
 * GET /api/health/ready (readiness): 200 once, besides, the search indexes this process serves
 * are loaded; 503 naming what is still warming up (decision 0032).
 */
export function registerHealthRoutes(app: App, db: Db, search: SearchIndexesState): void {
  serve(app, 'health', async (request, reply) => {
    const migrations = await databaseStatus(db, request.log);
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

  serve(app, 'healthReady', async (request, reply) => {
    const ready = await readiness(db, search, request.log);
    return reply.code(ready.ready ? 200 : 503).send(ready);
  });
}

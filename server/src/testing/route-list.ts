import type { FastifySchema } from 'fastify';
import type { App } from '../http/app-type.js';

/** A line of Fastify's route tree: its indentation, its segment, and the methods served there. */
const TREE_LINE = /^(.*?)[└├]── (\S+)(?: \(([A-Z, ]+)\))?$/;

/**
 * The paths of every route the app answers with `method` under /api, read from Fastify's own
 * route table, so tests generated from it cover routes added later too. The table is a tree even
 * without a common prefix (`/api/search` holds `_for_discover_feed`): each path is the segments
 * from the top down to its line.
 */
export function apiRoutes(app: App, method: 'GET' | 'POST'): string[] {
  const table = app.printRoutes({ commonPrefix: false, method });
  const segments: string[] = [];
  const paths: string[] = [];
  for (const line of table.split('\n')) {
    const [, indentation = '', segment = '', methods] = TREE_LINE.exec(line) ?? [];
    if (!segment) continue;
    segments.length = indentation.length / 4;
    segments.push(segment);
    const path = segments.join('');
    if (path.startsWith('/api/') && methods?.split(', ').includes(method)) paths.push(path);
  }
  return [...new Set(paths)].sort();
}

/** A request carrying this header is a probe: its route's schemas are recorded, nothing runs. */
export const SCHEMA_PROBE_HEADER = 'x-test-schema-probe';

/**
 * The request schemas of each route (path pattern -> schemas), which the route table does not
 * show, filled in as probes reach the routes. Call before the app is ready.
 */
export function recordRouteSchemas(app: App): Map<string, FastifySchema> {
  const schemas = new Map<string, FastifySchema>();
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers[SCHEMA_PROBE_HEADER] === undefined) return;
    schemas.set(request.routeOptions.url ?? '', request.routeOptions.schema ?? {});
    return reply.code(204).send();
  });
  return schemas;
}

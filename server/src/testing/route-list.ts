import type { App } from '../http/app-type.js';

/**
 * The paths of every route the app answers with `method` under /api, read from Fastify's own
 * route table, so tests generated from it cover routes added later too.
 */
export function apiRoutes(app: App, method: 'GET' | 'POST'): string[] {
  const table = app.printRoutes({ commonPrefix: false, method });
  const paths = [...table.matchAll(/(\/api\/\S*) \(([A-Z, ]+)\)/g)]
    .filter(([, , methods]) => methods?.split(', ').includes(method))
    .map(([, path]) => path ?? '');
  return [...new Set(paths)].sort();
}

import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/db.js';
import type { SearchIndexesState } from '../intelligence/search/search-indexes-state.js';
import type { AdmissionState } from './admission-control.js';
import type { App } from './app-type.js';
import { sendApiError } from './api-errors.js';
import { registerOperatorMetrics } from './operator-metrics.js';

/** Where Prometheus scrapes each web process (not under /api: no admission queue, no API doc). */
export const METRICS_PATH = '/metrics';

/**
 * Latency buckets, in seconds: from a session check (about a millisecond) to the admission
 * control's longest wait (API_QUEUE_WAIT_MS, 10 s) and the request timeout (30 s).
 */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The route label of requests no route matched: pages of the client's routes, unknown paths. */
const UNROUTED = 'unrouted';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether `authorization` is `Bearer <token>`, compared in constant time (the digests have one
 * length whatever was sent).
 */
function bearerMatches(authorization: string | undefined, expected: Buffer): boolean {
  const presented = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(sha256(presented), expected);
}

export interface MetricsSources {
  db: Db;
  admission: AdmissionState;
  search: SearchIndexesState;
}

/**
 * Prometheus metrics at /metrics for `Authorization: Bearer <token>` (401 otherwise): every
 * request's latency by method, route template and status class, the process's standard metrics
 * and what an operator watches (operator-metrics.ts); decision 0032. The registry is this app's
 * own, so that apps built side by side (tests) count apart.
 */
export function registerMetrics(app: App, token: string, sources: MetricsSources): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'blogstream_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route template and status class (2xx, 4xx, 5xx).',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    requests.observe(
      {
        method: request.method,
        // The route's template (`/api/source_health/:sourceUrlName`), never the address itself.
        route: request.routeOptions.url ?? UNROUTED,
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });
  registerOperatorMetrics(registry, sources, app.log);

  const expected = sha256(token);
  app.get(METRICS_PATH, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      return sendApiError(
        reply,
        401,
        'UNAUTHORIZED',
        'The metrics need the bearer token of METRICS_TOKEN.',
      );
    }
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}

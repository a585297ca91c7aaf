import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Db } from './db/db.js';
import { registerAdmissionControl } from './http/admission-control.js';
import { registerErrorHandler, sendError } from './http/api-errors.js';
import './http/current-user.js';
import type { App } from './http/app-type.js';
import { registerFrontEnd } from './http/front-end.js';
import { loggerOptions, type LogStream } from './http/logging.js';
import { registerLlmsTxt } from './http/llms-txt.js';
import { registerMetrics } from './http/metrics.js';
import { registerNulCharacterGuard } from './http/nul-characters.js';
import { registerOpenApi } from './http/openapi.js';
import { MCP_PATH, mcpOpenApiPathItem } from './http/mcp/mcp-route.js';
import { registerHealthRoutes } from './http/routes/health.js';
import { registerAccountRoutes } from './http/routes/accounts/index.js';
import { registerContentRoutes } from './http/routes/content/index.js';
import { registerAnalyticsRoutes } from './http/routes/analytics-routes.js';
import { registerDigestUnsubscribeRoutes } from './http/routes/digest-unsubscribe-routes.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { createSiteServices } from './services.js';

/** Time allowed to receive a whole request, against clients that send slowly. */
const REQUEST_TIMEOUT_MS = 30_000;
/** An idle socket is closed after this. */
const CONNECTION_TIMEOUT_MS = 60_000;

export interface BuildAppOptions {
  config: Config;
  db: Db;
  logger?: { stream: LogStream };
  /**
   * Load the embedding model and the vector index right after start, so the first search is not
   * the one that waits for them (the server does; tests leave it to the first search).
   */
  warmUpSearch?: boolean;
}

export async function buildApp({
  config,
  db,
  logger,
  warmUpSearch = false,
}: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logger?.stream),
    bodyLimit: config.bodyLimitBytes,
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    // Client addresses (rate limits) come from X-Forwarded-For only through trusted proxies.
    trustProxy: config.trustProxy,
    // Addresses the router cannot decode get the API's error shape too (decision 0005).
    frameworkErrors: sendError,
  }).withTypeProvider<ZodTypeProvider>();

  // Built once, warmed up once listening, closed with the app; routes only use them.
  const services = await createSiteServices(config, db, app.log, { warmUpSearch });
  app.addHook('onListen', async () => services.warmUp());
  app.addHook('onClose', () => services.close());

  app.decorateRequest('userId', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Bodies are JSON only; anything else gets 415 (which also helps against cross-site forms).
  app.removeContentTypeParser('text/plain');
  registerErrorHandler(app);
  registerNulCharacterGuard(app);
  const admission = registerAdmissionControl(app, config.admission);
  // Brotli at a moderate quality: the site's JavaScript is compressed per request (browsers and
  // CDNs cache the hashed files), so quality 11 would cost far more CPU than it saves bytes.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  registerSecurityHeaders(app, Object.values(config.frontEnd.remotes), config.accounts);

  await registerOpenApi(app, config.accounts.siteName, { [MCP_PATH]: mcpOpenApiPathItem });
  registerAccountRoutes(app, config, services.accounts, services.feedFetching);
  registerContentRoutes(app, config, db, services.content);
  registerHealthRoutes(app, db, services.searchIndexes);
  if (config.metricsToken) {
    registerMetrics(app, config.metricsToken, { db, admission, search: services.searchIndexes });
  }
  if (config.analyticsEnabled) registerAnalyticsRoutes(app, db);
  await registerDigestUnsubscribeRoutes(app, config, db);
  registerLlmsTxt(app, config.accounts.siteName, config.accounts.publicUrl);
  await registerFrontEnd(app, config.frontEnd);
  return app;
}
